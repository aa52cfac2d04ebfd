import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type Stripe from 'stripe';
import { caught, stripeFor } from '../testing/stripe-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

describe('stripe sandbox: refunds through stripe-node', () => {
  let test: TestSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    test = await startTestSandbox();
    stripe = stripeFor(test);
  });
  afterAll(() => test.stop());

  const paidIntent = () =>
    stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      confirm: true,
    });

  it('refunds a succeeded PaymentIntent in full, once per idempotency key, and marks its charge refunded', async () => {
    const intent = await paidIntent();
    const first = await stripe.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `r-${intent.id}` },
    );
    const again = await stripe.refunds.create(
      { payment_intent: intent.id },
      { idempotencyKey: `r-${intent.id}` },
    );
    assert.equal(again.id, first.id);
    assert.equal(first.amount, 1200);
    assert.equal(first.status, 'succeeded');
    assert.equal(first.payment_intent, intent.id);
    assert.deepEqual(await stripe.refunds.retrieve(first.id), first);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    assert.equal(charge.amount_refunded, 1200);
    assert.equal(charge.refunded, true);
    const events = await stripe.events.list({ type: 'charge.refunded' });
    assert.ok(events.data.some((event) => (event.data.object as Stripe.Charge).id === charge.id));
  });

  it('refuses a second refund of a refunded charge with charge_already_refunded', async () => {
    const intent = await paidIntent();
    await stripe.refunds.create({ payment_intent: intent.id, amount: 200 });
    await stripe.refunds.create({ payment_intent: intent.id });
    const error = await caught(() => stripe.refunds.create({ payment_intent: intent.id }));
    assert.equal(error.statusCode, 400);
    assert.equal(error.code, 'charge_already_refunded');
  });

  it('refuses to refund a PaymentIntent that has not succeeded', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });
    const error = await caught(() => stripe.refunds.create({ payment_intent: intent.id }));
    assert.equal(error.statusCode, 400);
    assert.equal(error.param, 'payment_intent');
  });
});
