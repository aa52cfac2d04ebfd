import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { completionRoutes, paymentRefused, stripePaymentFrom } from './purchase-completion';

const draft = (MFAType: 'MultiMFA' | 'RoboMFA') => ({ name: 'Ops', description: '', countryId: 1, MFAType });

describe('the purchase /success completes', () => {
  it('reads the four payment parameters of the query, leaving out others and empty ones', () => {
    assert.deepEqual(
      stripePaymentFrom(
        '?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_a&redirect_status=succeeded&other=x',
      ),
      { payment_intent: 'pi_1', payment_intent_client_secret: 'pi_1_secret_a', redirect_status: 'succeeded' },
    );
    assert.deepEqual(stripePaymentFrom('?checkout_id=0b9c&redirect_status='), { checkout_id: '0b9c' });
  });

  it('reads nothing from a query without payment_intent or checkout_id', () => {
    assert.equal(stripePaymentFrom(''), undefined);
    assert.equal(stripePaymentFrom('?redirect_status=succeeded'), undefined);
  });

  it('calls a payment refused when redirect_status is present and not succeeded', () => {
    assert.equal(paymentRefused({ payment_intent: 'pi_1', redirect_status: 'failed' }), true);
    assert.equal(paymentRefused({ payment_intent: 'pi_1', redirect_status: 'succeeded' }), false);
    assert.equal(paymentRefused({ checkout_id: '0b9c' }), false);
  });

  it('completes an upgrade with plan/update, even when a draft is also held', () => {
    assert.deepEqual(completionRoutes({ upgrade: 'mfa-1', buffer: draft('RoboMFA') }), [
      'updateMultiMfaPlan',
    ]);
  });

  it("completes a draft with its kind's create call", () => {
    assert.deepEqual(completionRoutes({ upgrade: '', buffer: draft('RoboMFA') }), ['createRoboMfa']);
    assert.deepEqual(completionRoutes({ upgrade: '', buffer: draft('MultiMFA') }), ['createMultiMfa']);
  });

  it('tries every completion call in turn when the session holds neither upgrade nor draft', () => {
    assert.deepEqual(completionRoutes({ upgrade: '', buffer: null }), [
      'createMultiMfa',
      'createRoboMfa',
      'updateMultiMfaPlan',
    ]);
  });
});
