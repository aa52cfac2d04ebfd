import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Session } from '../../session/session.schema';
import { defaultSession } from '../../session/session-defaults';
import { fullPrice } from './amounts';
import { checkoutRequest } from './checkout-request';

const plan = { planId: 2, planName: 'Professional', basePrice: 15 };
const discountId = '6c1f0f7e-8a53-4b8c-9d7c-2f7b1b0a9e11';
const session = (changes: Partial<Session>): Session => ({ ...defaultSession(), plan, ...changes });

describe('checkoutRequest', () => {
  it('buys the draft of a new MFA with the chosen plan', () => {
    const request = checkoutRequest(
      session({ buffer: { name: 'Bots', description: 'CI', countryId: '3', MFAType: 'RoboMFA' } }),
    );
    assert.deepEqual(request, {
      MFAType: 'RoboMFA',
      planId: 2,
      name: 'Bots',
      description: 'CI',
      countryId: 3,
    });
  });

  it('upgrades the held MultiMFA instead of buying the draft, with the applied discount', () => {
    const request = checkoutRequest(
      session({
        upgrade: 'a3c6e1de-0a39-4f6c-9d5d-3f3bb0f2c0aa',
        buffer: { name: 'Bots', description: '', countryId: 3, MFAType: 'RoboMFA' },
        paymentInfo: {
          ...fullPrice(15),
          payableAmount: 12,
          discountedAmount: 3,
          discountCode: 'X',
          discountId,
        },
      }),
    );
    assert.deepEqual(request, {
      MFAType: 'MultiMFA',
      planId: 2,
      upgradeMultiMFAId: 'a3c6e1de-0a39-4f6c-9d5d-3f3bb0f2c0aa',
      discountId,
    });
  });

  it('leaves out a discount applied for another price', () => {
    const request = checkoutRequest(
      session({
        buffer: { name: 'Ops', description: '', countryId: 1, MFAType: 'MultiMFA' },
        paymentInfo: {
          ...fullPrice(5),
          payableAmount: 4,
          discountedAmount: 1,
          discountCode: 'X',
          discountId,
        },
      }),
    );
    assert.equal(request?.discountId, undefined);
  });

  it('has nothing to buy without a plan, or without a draft or an upgrade', () => {
    assert.equal(checkoutRequest(session({ plan: null })), undefined);
    assert.equal(checkoutRequest(session({})), undefined);
  });
});
