import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Outbox } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import {
  type PurchaseCompleted,
  type SubscriptionExpired,
  subscriptionExpired,
  subscriptionRenewed,
} from '@multimfa/events';
import type { MfaRecord } from '@multimfa/service-contracts/numbers';
import { FixedClock } from '@multimfa/service-runtime';
import { AllocationService } from '../allocation/allocation.service.js';
import { NumberHoldingRepository } from '../pool/number-holding.repository.js';
import { NumberHoldingService } from '../pool/number-holding.service.js';
import { type NumbersTestApp, startNumbersTestApp } from '../testing/numbers-test-app.harness.js';
import { completedPurchase } from '../testing/purchase.builder.js';

const DAY = 86_400_000;
/** The sandbox account's numbers used here: two in the US, one in Canada. */
const US = ['+14155550123', '+12025550143'];
const CA = '+16135550117';

describe('expiry and number continuity: reserved 30 days, quarantined 90, then free (real PostgreSQL, Kafka, Redis; the clock moved)', () => {
  let numbers: NumbersTestApp;
  let prefix: string;
  let logger: NumbersTestApp['logger'];
  let producer: NumbersTestApp['producer'];
  let app: NumbersTestApp['app'];
  let database: NumbersTestApp['database'];
  let countryIds: NumbersTestApp['countryIds'];
  let call: NumbersTestApp['call'];

  /** The sweep of held numbers as a replica whose clock stands at `at` runs it. */
  function sweepAt(at: Date) {
    return new NumberHoldingService(
      app.get(NumberHoldingRepository),
      app.get(AllocationService),
      app.get(Outbox),
      new FixedClock(at),
      logger,
    ).sweep();
  }

  async function buy(iso: string): Promise<MfaRecord & { purchase: PurchaseCompleted }> {
    const countryId = countryIds.get(iso) ?? 0;
    const purchase = completedPurchase(randomUUID(), countryId, {
      draft: { name: `Team ${iso}`, description: '', countryId },
    });
    const applied = await call<MfaRecord>('POST', '/purchases', purchase);
    assert.equal(applied.status, 200, JSON.stringify(applied.body));
    return { ...applied.body, purchase };
  }

  function expiry(mfa: MfaRecord, expiredAt: Date): SubscriptionExpired {
    return {
      subscriptionId: mfa.subscriptionId,
      userId: mfa.userId,
      mfaId: mfa.mfaId,
      MFAType: 'MultiMFA',
      planName: 'Basic',
      reason: 'PAYMENT_DECLINED',
      invoiceId: randomUUID(),
      invoiceNo: 'INV-000001',
      amountCents: 500,
      message: 'Your card was declined.',
      emailAddress: 'owner@multimfa.test',
      expiredAt: expiredAt.toISOString(),
    };
  }

  /** Billing's event for paying the unpaid renewal invoice at `paidAt`. */
  function renewal(mfa: MfaRecord, paidAt: Date) {
    return {
      subscriptionId: mfa.subscriptionId,
      userId: mfa.userId,
      mfaId: mfa.mfaId,
      MFAType: 'MultiMFA' as const,
      periodStart: paidAt.toISOString(),
      nextPaymentDate: new Date(paidAt.getTime() + 31 * DAY).toISOString(),
      invoiceId: randomUUID(),
      invoiceNo: 'INV-000002',
      amountCents: 500,
      reactivated: true,
      renewedAt: paidAt.toISOString(),
    };
  }

  async function numberRow(e164: string) {
    const rows: Array<{ state: string; reserved_until: Date | null; quarantined_until: Date | null }> =
      await database.query(
        'SELECT state, reserved_until, quarantined_until FROM phone_number WHERE e164 = $1',
        [e164],
      );
    return rows[0];
  }

  async function mfaOf(mfa: MfaRecord): Promise<MfaRecord> {
    return (await call<MfaRecord>('GET', `/users/${mfa.userId}/mfas/${mfa.mfaId}`)).body;
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  /** The last `numbers.mfa.updated` numbers wrote for the MFA. */
  async function lastUpdate(mfaId: string): Promise<Record<string, unknown> | undefined> {
    const rows: Array<{ payload: Record<string, unknown> }> = await database.query(
      `SELECT envelope->'payload' AS payload FROM outbox_event
        WHERE envelope->>'type' = 'numbers.mfa.updated' AND message_key = $1 ORDER BY id DESC LIMIT 1`,
      [mfaId],
    );
    return rows[0]?.payload;
  }

  beforeAll(async () => {
    numbers = await startNumbersTestApp('numbers_holding', [...US, CA]);
    ({ prefix, logger, producer, app, database, countryIds, call } = numbers);
    for (const e164 of [...US, CA]) await numbers.addToPool(e164);
  });

  afterAll(() => numbers?.close());

  it('an expired MultiMFA is inactive and its number RESERVED 30 days; allocation passes over it; at day 30 it is QUARANTINED, at day 120 FREE and given to the MFA waiting longest; the old owner paying after that waits for a new number', async () => {
    const owner = await buy('US');
    const other = await buy('US');
    expect([owner.number, other.number].toSorted()).toStrictEqual([...US].toSorted());
    const expiredAt = new Date(Math.floor(Date.now() / 1000) * 1000);

    await publishTestEvent(producer, prefix, subscriptionExpired, expiry(owner, expiredAt));
    await eventually(
      async () => (await numberRow(owner.number ?? ''))?.state === 'RESERVED',
      'the reservation',
    );

    expect((await numberRow(owner.number ?? ''))?.reserved_until?.toISOString()).toBe(
      new Date(expiredAt.getTime() + 30 * DAY).toISOString(),
    );
    expect(await mfaOf(owner)).toMatchObject({ isSubscriptionActive: false, number: owner.number });
    expect(await lastUpdate(owner.mfaId)).toMatchObject({ isSubscriptionActive: false });
    const newcomer = await buy('US');
    expect(newcomer.number).toBeNull();

    await sweepAt(new Date(expiredAt.getTime() + 30 * DAY - 1000));
    expect((await numberRow(owner.number ?? ''))?.state).toBe('RESERVED');

    await sweepAt(new Date(expiredAt.getTime() + 30 * DAY));
    const quarantined = await numberRow(owner.number ?? '');
    expect([quarantined?.state, quarantined?.quarantined_until?.toISOString()]).toStrictEqual([
      'QUARANTINED',
      new Date(expiredAt.getTime() + 120 * DAY).toISOString(),
    ]);
    expect((await mfaOf(owner)).number).toBeNull();
    expect((await mfaOf(newcomer)).number).toBeNull();

    await sweepAt(new Date(expiredAt.getTime() + 120 * DAY - 1000));
    expect((await numberRow(owner.number ?? ''))?.state).toBe('QUARANTINED');
    expect((await mfaOf(newcomer)).number).toBeNull();

    await sweepAt(new Date(expiredAt.getTime() + 120 * DAY));
    expect((await numberRow(owner.number ?? ''))?.state).toBe('OCCUPIED');
    expect((await mfaOf(newcomer)).number).toBe(owner.number);

    await publishTestEvent(producer, prefix, subscriptionRenewed, renewal(owner, new Date()));
    await eventually(async () => (await mfaOf(owner)).isSubscriptionActive, 'the late reactivation');
    expect((await mfaOf(owner)).number).toBeNull();
    const waiting = await call<Array<{ mfaId: string }>>('GET', '/pool/waiting');
    expect(waiting.body.map((entry) => entry.mfaId)).toContain(owner.mfaId);
  });

  it('paying within the 30 days makes the MultiMFA active again with its reserved number', async () => {
    const owner = await buy('CA');
    assert.equal(owner.number, CA);
    const expiredAt = new Date();
    await publishTestEvent(producer, prefix, subscriptionExpired, expiry(owner, expiredAt));
    await eventually(async () => (await numberRow(CA))?.state === 'RESERVED', 'the reservation');

    const paidAt = new Date(expiredAt.getTime() + 3 * DAY);
    await publishTestEvent(producer, prefix, subscriptionRenewed, renewal(owner, paidAt));
    await eventually(async () => (await mfaOf(owner)).isSubscriptionActive, 'the reactivation');

    const row = await numberRow(CA);
    expect([row?.state, row?.reserved_until]).toStrictEqual(['OCCUPIED', null]);
    expect(await mfaOf(owner)).toMatchObject({
      number: CA,
      nextPaymentDate: new Date(paidAt.getTime() + 31 * DAY).toISOString(),
    });
    expect(await lastUpdate(owner.mfaId)).toMatchObject({ isSubscriptionActive: true });
  });
});
