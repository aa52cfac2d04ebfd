import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Outbox } from '@multimfa/event-bus';
import { FixedClock } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import type { PointSmsWebhookJob } from '../queue/queues.constants.js';
import { smsWebhookJobId } from '../queue/queues.constants.js';
import { SmsWebhookQueue } from '../queue/sms-webhook.queue.js';
import {
  AllocationRepository,
  type NumberHolder,
  type PoolEntry,
  type WaitingRow,
} from './allocation.repository.js';
import { AllocationService } from './allocation.service.js';

/** The repository's contract in memory: numbers by country, MFAs waiting since a time. */
class InMemoryAllocation extends AllocationRepository {
  readonly free: PoolEntry[] = [];
  readonly occupied = new Map<number, string>();
  readonly waiting = new Map<string, { holder: NumberHolder; iso: string; since: Date }>();
  readonly locks: string[] = [];

  async lockCountry(_manager: EntityManager, countryIso: string) {
    this.locks.push(countryIso);
  }
  async occupyFreeNumber(_manager: EntityManager, countryIso: string) {
    const index = this.free.findIndex((number) => number.countryIso === countryIso);
    return index < 0 ? undefined : this.free.splice(index, 1)[0];
  }
  async occupyIfFree(_manager: EntityManager, phoneNumberId: number) {
    const index = this.free.findIndex((number) => number.phoneNumberId === phoneNumberId);
    if (index >= 0) this.free.splice(index, 1);
    return index >= 0;
  }
  async oldestWaiting(_manager: EntityManager, countryIso: string) {
    return [...this.waiting.values()]
      .filter((entry) => entry.iso === countryIso)
      .sort((a, b) => a.since.getTime() - b.since.getTime())[0]?.holder;
  }
  async assign(_manager: EntityManager, mfaId: string, phoneNumberId: number) {
    this.waiting.delete(mfaId);
    this.occupied.set(phoneNumberId, mfaId);
  }
  async markWaiting(_manager: EntityManager, mfaId: string, since: Date) {
    const entry = this.waiting.get(mfaId);
    if (entry) entry.since = since;
  }
  async listWaiting(): Promise<WaitingRow[]> {
    return [];
  }
  async markSmsWebhookPointed() {}
  async unpointedAssignments() {
    return [];
  }
  wait(holder: NumberHolder, iso: string, since: string) {
    this.waiting.set(holder.mfaId, { holder, iso, since: new Date(since) });
  }
}

class RecordingQueue extends SmsWebhookQueue {
  readonly jobs: PointSmsWebhookJob[] = [];
  async enqueue(job: PointSmsWebhookJob) {
    this.jobs.push(job);
  }
}

const manager = {} as EntityManager;
const holder = (n: number): NumberHolder => ({
  mfaId: `00000000-0000-4000-8000-00000000000${n}`,
  MFAType: 'MultiMFA',
  userId: '10000000-0000-4000-8000-000000000001',
});
const number = (phoneNumberId: number, countryIso: string): PoolEntry => ({
  phoneNumberId,
  e164: `+1415555010${phoneNumberId}`,
  sid: `PN${String(phoneNumberId).padStart(32, '0')}`,
  countryIso,
});

function setUp() {
  const repository = new InMemoryAllocation();
  const queue = new RecordingQueue();
  const published: Array<{ type: string; payload: unknown }> = [];
  const outbox = {
    publish: async (_m: EntityManager, definition: { type: string }, payload: unknown) => {
      published.push({ type: definition.type, payload });
    },
  } as unknown as Outbox;
  const service = new AllocationService(repository, queue, outbox, new FixedClock());
  return { repository, queue, published, service };
}

describe('AllocationService', () => {
  it("gives a new MFA a free number of its own country (after taking the country's turn) and reports the assignment", async () => {
    const { repository, published, service } = setUp();
    repository.free.push(number(1, 'GB'), number(2, 'US'));
    const assignment = await service.allocate(manager, holder(1), 'US');
    assert.equal(assignment?.number.phoneNumberId, 2);
    assert.deepEqual(repository.locks, ['US']);
    assert.equal(repository.occupied.get(2), holder(1).mfaId);
    assert.deepEqual(published, [
      {
        type: 'numbers.number.assigned',
        payload: {
          phoneNumberId: 2,
          number: '+14155550102',
          sid: number(2, 'US').sid,
          countryIso: 'US',
          mfaId: holder(1).mfaId,
          MFAType: 'MultiMFA',
          userId: holder(1).userId,
          assignedAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
  });

  it('leaves the MFA waiting, with no event, when no number of its country is free', async () => {
    const { repository, published, service } = setUp();
    repository.free.push(number(1, 'GB'));
    repository.wait(holder(1), 'US', '2030-01-01T00:00:00Z');
    assert.equal(await service.allocate(manager, holder(1), 'US'), undefined);
    assert.equal(repository.waiting.get(holder(1).mfaId)?.since.toISOString(), '2026-01-01T00:00:00.000Z');
    assert.deepEqual(published, []);
  });

  it('gives a number added to the pool to the MFA of its country waiting longest, and to nobody of another country', async () => {
    const { repository, service } = setUp();
    repository.wait(holder(1), 'US', '2026-01-02T00:00:00Z');
    repository.wait(holder(2), 'US', '2026-01-01T00:00:00Z');
    repository.wait(holder(3), 'GB', '2025-12-01T00:00:00Z');
    const added = number(7, 'US');
    repository.free.push(added);
    const assignment = await service.numberAdded(manager, added);
    assert.equal(assignment?.holder.mfaId, holder(2).mfaId);
    assert.equal(repository.occupied.get(7), holder(2).mfaId);
    assert.deepEqual([...repository.waiting.keys()].sort(), [holder(1).mfaId, holder(3).mfaId].sort());
    const canadian = number(8, 'CA');
    repository.free.push(canadian);
    assert.equal(await service.numberAdded(manager, canadian), undefined);
  });

  it('after the commit, queues one webhook job per assignment under an id made of the number and the MFA', async () => {
    const { repository, queue, service } = setUp();
    repository.free.push(number(3, 'US'));
    const assignment = await service.allocate(manager, holder(1), 'US');
    assert.equal(queue.jobs.length, 0, 'nothing is queued before the commit');
    await assignment?.afterCommit();
    const [job] = queue.jobs;
    assert.ok(job);
    assert.deepEqual(
      [job.phoneNumberId, job.sid, job.mfaId, queue.jobs.length],
      [3, number(3, 'US').sid, holder(1).mfaId, 1],
    );
    assert.equal(smsWebhookJobId(job), `sms-webhook-3-${holder(1).mfaId}`);
  });
});
