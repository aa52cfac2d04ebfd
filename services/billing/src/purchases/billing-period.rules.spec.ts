import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { oneMonthAfter } from './billing-period.rules.js';

describe('oneMonthAfter', () => {
  it('is the same day and time of the next month', () => {
    assert.equal(
      oneMonthAfter(new Date('2026-03-15T10:20:30.000Z')).toISOString(),
      '2026-04-15T10:20:30.000Z',
    );
  });

  it('crosses the year', () => {
    assert.equal(
      oneMonthAfter(new Date('2026-12-05T00:00:00.000Z')).toISOString(),
      '2027-01-05T00:00:00.000Z',
    );
  });

  it('keeps to the last day of a shorter month (31 January → 28 February, 29 in a leap year)', () => {
    assert.equal(
      oneMonthAfter(new Date('2026-01-31T08:00:00.000Z')).toISOString(),
      '2026-02-28T08:00:00.000Z',
    );
    assert.equal(
      oneMonthAfter(new Date('2028-01-31T08:00:00.000Z')).toISOString(),
      '2028-02-29T08:00:00.000Z',
    );
    assert.equal(
      oneMonthAfter(new Date('2026-03-31T08:00:00.000Z')).toISOString(),
      '2026-04-30T08:00:00.000Z',
    );
  });
});
