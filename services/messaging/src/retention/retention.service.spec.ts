import { describe, expect, it } from '@jest/globals';
import { FixedClock, type Logger } from '@multimfa/service-runtime';
import type { ContentRetentionRepository } from './content-retention.repository.js';
import { RETENTION_BATCH, RetentionService } from './retention.service.js';

const logger = { info: () => undefined } as unknown as Logger;

/** A repository holding `owned` and `unowned` expired texts, deleting at most `limit` per call. */
function repository(owned: number, unowned: number) {
  const calls: Array<{ kind: string; now: Date; limit: number }> = [];
  const left = { owned, unowned };
  const take = (kind: 'owned' | 'unowned') => async (now: Date, limit: number) => {
    calls.push({ kind, now, limit });
    const count = Math.min(limit, left[kind]);
    left[kind] -= count;
    return count;
  };
  const fake = { deleteExpiredOfMfas: take('owned'), deleteExpiredUnowned: take('unowned') };
  return { calls, repository: fake as unknown as ContentRetentionRepository };
}

describe('the retention sweep', () => {
  it("deletes batch after batch as of the injected clock's now, until a batch comes back short, MFAs' texts then nobody's", async () => {
    const clock = new FixedClock(new Date('2027-01-10T00:00:00Z'));
    const { calls, repository: repo } = repository(RETENTION_BATCH * 2 + 3, 4);
    const deleted = await new RetentionService(repo, clock, logger).sweep();
    expect(deleted).toBe(RETENTION_BATCH * 2 + 7);
    expect(calls.map((call) => call.kind)).toStrictEqual(['owned', 'owned', 'owned', 'unowned']);
    for (const call of calls) {
      expect(call.now).toStrictEqual(new Date('2027-01-10T00:00:00Z'));
      expect(call.limit).toBe(RETENTION_BATCH);
    }
  });

  it('takes the time again on each run: a clock moved on is the cutoff of the next sweep', async () => {
    const clock = new FixedClock(new Date('2027-01-10T00:00:00Z'));
    const { calls, repository: repo } = repository(0, 0);
    const service = new RetentionService(repo, clock, logger);
    await service.sweep();
    clock.advance(86_400_000);
    await service.sweep();
    expect(calls.map((call) => call.now.toISOString())).toStrictEqual([
      '2027-01-10T00:00:00.000Z',
      '2027-01-10T00:00:00.000Z',
      '2027-01-11T00:00:00.000Z',
      '2027-01-11T00:00:00.000Z',
    ]);
  });
});
