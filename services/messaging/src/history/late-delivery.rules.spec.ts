import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { isLateDelivery, LATE_DELIVERY_AFTER_MS } from './late-delivery.rules.js';

const receivedAt = new FixedClock(new Date('2026-11-22T10:00:00Z')).now();
const after = (ms: number) => new Date(receivedAt.getTime() + ms);

describe('whether a forward was delivered late', () => {
  it('is on time when sent at once or exactly at the end of the 10-minute window, late a moment after it', () => {
    assert.deepEqual(
      [0, 1000, LATE_DELIVERY_AFTER_MS, LATE_DELIVERY_AFTER_MS + 1, 11 * 60_000].map((ms) =>
        isLateDelivery(receivedAt, after(ms)),
      ),
      [false, false, false, true, true],
    );
  });

  it('is not late while not sent', () => {
    assert.equal(isLateDelivery(receivedAt, null), false);
  });
});
