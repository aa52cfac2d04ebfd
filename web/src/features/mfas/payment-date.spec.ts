import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { formatPaymentDate } from './payment-date';

describe('formatPaymentDate', () => {
  it('shows an ISO date-time as dd-Mon-yyyy with a two-digit day and the English month abbreviation', () => {
    assert.equal(formatPaymentDate('2026-03-05T10:00:00.000Z', 'UTC'), '05-Mar-2026');
    assert.equal(formatPaymentDate('2026-09-30T00:00:00.000Z', 'UTC'), '30-Sep-2026');
    assert.equal(formatPaymentDate('2027-12-31T23:59:59.000Z', 'UTC'), '31-Dec-2027');
  });

  it('shows the day of the given time zone', () => {
    assert.equal(formatPaymentDate('2026-03-05T23:30:00.000Z', 'Asia/Tokyo'), '06-Mar-2026');
    assert.equal(formatPaymentDate('2026-03-05T02:00:00.000Z', 'America/New_York'), '04-Mar-2026');
  });

  it('shows N/A for a value that is not a date', () => {
    assert.equal(formatPaymentDate('not a date'), 'N/A');
  });
});
