import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { renewalJobId } from '../queue/queues.constants.js';
import { renewalPaymentKey } from './renewals.service.js';

const SUBSCRIPTION = 'a1f5d7a4-1b9c-4c1e-8a4e-2b6f0e9d7c11';

describe('renewal ids', () => {
  it('names the BullMQ job and the Stripe idempotency key after the subscription and the period, the same on every replica', () => {
    const periodEnd = '2026-12-01T00:00:00.000Z';
    assert.equal(
      renewalJobId({ subscriptionId: SUBSCRIPTION, periodEnd }),
      `renewal-${SUBSCRIPTION}-1796083200000`,
    );
    assert.equal(
      renewalJobId({ subscriptionId: SUBSCRIPTION, periodEnd }),
      renewalJobId({ subscriptionId: SUBSCRIPTION, periodEnd: new Date(periodEnd).toISOString() }),
    );
    assert.equal(
      renewalPaymentKey(SUBSCRIPTION, new Date(periodEnd)),
      `renewal-${SUBSCRIPTION}-1796083200000`,
    );
    assert.notEqual(
      renewalJobId({ subscriptionId: SUBSCRIPTION, periodEnd }),
      renewalJobId({ subscriptionId: SUBSCRIPTION, periodEnd: '2027-01-01T00:00:00.000Z' }),
    );
  });
});
