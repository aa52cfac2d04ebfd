import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import { testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import { RedisWaitSlots, type WaitSlot } from './wait-slots.limiter.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CAPS = { perKey: 2, perRoboMfa: 3 };

/** The slot, or the code it was refused with. */
const outcome = (taking: Promise<WaitSlot>) =>
  taking.then(
    (slot) => slot,
    (error: unknown) => (error instanceof DomainError ? `${error.status} ${error.code}` : 'failed'),
  );

describe('bot wait slots of messaging replicas (real Redis)', () => {
  const started: RedisWaitSlots[] = [];
  const prefix = `wait-slots-${randomUUID()}:`;

  function replica(leaseMarginMs?: number) {
    const slots = new RedisWaitSlots(
      testInfrastructure.redisUrl,
      prefix,
      CAPS,
      testLogger('messaging'),
      leaseMarginMs,
    );
    started.push(slots);
    return slots;
  }

  afterAll(() => {
    for (const slots of started) slots.onApplicationShutdown();
  });

  it('lets only the cap of waits on one key through when many come at once on two replicas', async () => {
    const [left, right] = [replica(), replica()];
    const key = randomUUID();
    const mfa = randomUUID();
    const taken = await Promise.all(
      Array.from({ length: 10 }, (_, i) => outcome((i % 2 ? left : right).take(key, mfa, 20_000))),
    );
    const slots = taken.filter((result): result is WaitSlot => typeof result !== 'string');
    assert.equal(slots.length, CAPS.perKey);
    assert.deepEqual(
      taken.filter((result) => typeof result === 'string'),
      Array(8).fill('429 TOO_MANY_WAITS'),
    );
    for (const slot of slots) await slot.release();
    assert.equal(typeof (await outcome(left.take(key, mfa, 20_000))), 'object', 'a released slot is free');
  });

  it('caps the waits of all the keys of one RoboMFA together', async () => {
    const slots = replica();
    const mfa = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    await slots.take(first, mfa, 20_000);
    await slots.take(first, mfa, 20_000);
    await slots.take(second, mfa, 20_000);
    assert.equal(await outcome(slots.take(second, mfa, 20_000)), '429 TOO_MANY_WAITS');
    assert.equal(typeof (await outcome(slots.take(second, randomUUID(), 20_000))), 'object');
  });

  it('frees the slots of a replica that died holding them once their leases end, while others\u2019 stay', async () => {
    const survivor = replica();
    const dying = replica(200);
    const key = randomUUID();
    const mfa = randomUUID();
    await survivor.take(key, mfa, 20_000);
    // Taken and never given back, as by a replica killed mid-wait.
    await dying.take(key, mfa, 0);
    assert.equal(await outcome(survivor.take(key, mfa, 20_000)), '429 TOO_MANY_WAITS');
    await sleep(400);
    assert.equal(typeof (await outcome(survivor.take(key, mfa, 20_000))), 'object', 'the dead lease ended');
    assert.equal(await outcome(survivor.take(key, mfa, 20_000)), '429 TOO_MANY_WAITS', 'the live ones stay');
  });
});
