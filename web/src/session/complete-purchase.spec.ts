import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { completePurchase } from './session.actions';
import type { Session } from './session.schema';
import { defaultSession, emptyPaymentInfo } from './session-defaults';

const held = { multiMFAId: 'm-1', MFAType: 'MultiMFA', name: 'Ops', plans: { planId: 1 } };
const pending: Session = {
  ...defaultSession(),
  MFAs: [held],
  buffer: { name: 'Bots', description: '', countryId: 1, MFAType: 'RoboMFA' },
  plan: { planId: 2, planName: 'Professional', basePrice: 15 },
  paymentInfo: {
    actualAmount: 15,
    payableAmount: 12,
    discountedAmount: 3,
    discountCode: 'X',
    discountId: 'd',
  },
};

describe('completePurchase', () => {
  it('appends a bought MFA and resets the draft, plan, upgrade and payment info', () => {
    const bought = { roboMFAId: 'r-1', MFAType: 'RoboMFA', name: 'Bots' };
    const next = completePurchase(pending, bought);
    assert.deepEqual(next.MFAs, [held, bought]);
    assert.equal(next.buffer, null);
    assert.equal(next.plan, null);
    assert.equal(next.upgrade, '');
    assert.deepEqual(next.paymentInfo, emptyPaymentInfo);
  });

  it('replaces the MFA with the same id (an upgrade, or a purchase already recorded) instead of adding it', () => {
    const upgraded = { ...held, plans: { planId: 2 } };
    const next = completePurchase({ ...pending, upgrade: 'm-1' }, upgraded);
    assert.deepEqual(next.MFAs, [upgraded]);
    assert.equal(next.upgrade, '');
    assert.equal(next.buffer, null);
  });
});
