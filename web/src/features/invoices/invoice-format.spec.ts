import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { longDate, paymentDate } from './invoice-format';

describe('invoice formats', () => {
  it('shows long dates, and "To be paid" when there is no payment date', () => {
    assert.equal(longDate('2026-11-22T12:00:00.000Z'), 'November 22, 2026');
    assert.equal(paymentDate(null), 'To be paid');
    assert.equal(paymentDate('2026-01-05T12:00:00.000Z'), 'January 5, 2026');
  });
});
