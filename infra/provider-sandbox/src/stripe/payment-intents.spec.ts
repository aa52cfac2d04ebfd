import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import Stripe from 'stripe';
import { caught, publishableCall, stripeFor } from '../testing/stripe-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

const RETURN_URL = 'http://127.0.0.1:47080/success';

/** Follows the 3-D Secure link like a person: opens the page, presses a button, returns where it redirects. */
async function answerChallenge(test: TestSandbox, challengeUrl: string, decision: 'approve' | 'refuse') {
  const page = await fetch(challengeUrl);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /Confirm your payment/);
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(token, 'the page carries the challenge token');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action);
  const answer = await fetch(`${test.url}${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
    body: new URLSearchParams({ token, decision }).toString(),
    redirect: 'manual',
  });
  return answer;
}

describe('stripe sandbox: PaymentIntents through stripe-node', () => {
  let test: TestSandbox;
  let stripe: Stripe;
  let customer: Stripe.Customer;

  beforeAll(async () => {
    test = await startTestSandbox();
    stripe = stripeFor(test);
    customer = await stripe.customers.create({ email: 'payer@example.com' });
  });
  afterAll(() => test.stop());

  it('goes requires_payment_method → requires_confirmation → succeeded, with a charge', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
      metadata: { planId: '2' },
      automatic_payment_methods: { enabled: true },
    });
    assert.equal(intent.status, 'requires_payment_method');
    assert.match(intent.client_secret ?? '', new RegExp(`^${intent.id}_secret_\\w+$`));
    assert.deepEqual(intent.automatic_payment_methods, { enabled: true, allow_redirects: 'always' });
    assert.deepEqual(intent.metadata, { planId: '2' });

    const withCard = await stripe.paymentIntents.update(intent.id, { payment_method: 'pm_card_visa' });
    assert.equal(withCard.status, 'requires_confirmation');

    const confirmed = await stripe.paymentIntents.confirm(intent.id, {
      return_url: RETURN_URL,
      expand: ['latest_charge', 'payment_method', 'customer'],
    });
    assert.equal(confirmed.status, 'succeeded');
    assert.equal(confirmed.amount_received, 1500);
    const charge = confirmed.latest_charge as Stripe.Charge;
    assert.equal(charge.object, 'charge');
    assert.equal(charge.status, 'succeeded');
    assert.equal(charge.payment_method_details?.card?.last4, '4242');
    assert.equal((confirmed.payment_method as Stripe.PaymentMethod).card?.brand, 'visa');
    assert.equal((confirmed.customer as Stripe.Customer).email, 'payer@example.com');

    const retrieved = await stripe.paymentIntents.retrieve(intent.id);
    assert.equal(retrieved.status, 'succeeded');
    assert.equal((await stripe.charges.retrieve(charge.id)).payment_intent, intent.id);

    const again = await caught(() => stripe.paymentIntents.confirm(intent.id, { return_url: RETURN_URL }));
    assert.equal(again.code, 'payment_intent_unexpected_state');
  });

  it('charges a saved card off-session in one call (confirm=true) and can save a card for later', async () => {
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const renewal = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      off_session: true,
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    assert.equal(renewal.status, 'succeeded');

    const fresh = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '5555555555554444', exp_month: 1, exp_year: new Date().getUTCFullYear() + 2 },
    });
    const purchase = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'usd',
      customer: customer.id,
      payment_method: fresh.id,
      setup_future_usage: 'off_session',
      confirm: true,
      return_url: RETURN_URL,
    });
    assert.equal(purchase.status, 'succeeded');
    assert.equal((await stripe.paymentMethods.retrieve(fresh.id)).customer, customer.id);
  });

  it('requires a return_url when automatic payment methods may redirect (Stripe’s default since 2023-08-16)', async () => {
    const error = await caught(() =>
      stripe.paymentIntents.create({
        amount: 500,
        currency: 'usd',
        customer: customer.id,
        payment_method: 'pm_card_visa',
        confirm: true,
      }),
    );
    assert.ok(error instanceof Stripe.errors.StripeInvalidRequestError);
    assert.match(error.message, /you must provide a `return_url`/);
    const never = await stripe.paymentIntents.create({
      amount: 500,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    assert.equal(never.status, 'succeeded');
  });

  it('declines 4000 0000 0000 0002 with card_declined / generic_decline and a payment_failed PaymentIntent', async () => {
    const error = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
        allowed_payment_method_types: ['card'],
      }),
    );
    assert.ok(error instanceof Stripe.errors.StripeCardError);
    assert.equal(error.statusCode, 402);
    assert.equal(error.type, 'StripeCardError');
    assert.equal(error.code, 'card_declined');
    assert.equal(error.decline_code, 'generic_decline');
    assert.equal(error.message, 'Your card was declined.');
    const failed = error.payment_intent;
    assert.ok(failed);
    assert.equal(failed.status, 'requires_payment_method');
    assert.equal(failed.last_payment_error?.code, 'card_declined');
    assert.equal(failed.last_payment_error?.decline_code, 'generic_decline');
    assert.equal(error.payment_method?.card?.last4, '0002');

    const viaNumber = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000002', exp_month: 12, exp_year: new Date().getUTCFullYear() + 1 },
    });
    const second = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.confirm(failed.id, { payment_method: viaNumber.id, return_url: RETURN_URL }),
    );
    assert.equal(second.decline_code, 'generic_decline');
    const insufficient = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.confirm(failed.id, {
        payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
        return_url: RETURN_URL,
      }),
    );
    assert.equal(insufficient.decline_code, 'insufficient_funds');
    const recovered = await stripe.paymentIntents.confirm(failed.id, {
      payment_method: 'pm_card_visa',
      return_url: RETURN_URL,
    });
    assert.equal(recovered.status, 'succeeded');
  });

  it('asks 4000 0025 0000 3155 for 3-D Secure on-session; approving on the sandbox page completes it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequiredOnSetup',
      confirm: true,
      return_url: RETURN_URL,
    });
    assert.equal(intent.status, 'requires_action');
    assert.equal(intent.next_action?.type, 'redirect_to_url');
    const redirect = intent.next_action?.redirect_to_url;
    assert.equal(redirect?.return_url, RETURN_URL);
    assert.ok(redirect?.url?.startsWith(`${test.url}/stripe/3ds/${intent.id}?token=`));

    const answer = await answerChallenge(test, redirect?.url ?? '', 'approve');
    assert.equal(answer.status, 303);
    const back = new URL(answer.headers.get('location') ?? '');
    assert.equal(`${back.origin}${back.pathname}`, RETURN_URL);
    assert.equal(back.searchParams.get('payment_intent'), intent.id);
    assert.equal(back.searchParams.get('payment_intent_client_secret'), intent.client_secret);
    assert.equal(back.searchParams.get('redirect_status'), 'succeeded');
    assert.equal((await stripe.paymentIntents.retrieve(intent.id)).status, 'succeeded');

    const reused = await fetch(redirect?.url ?? '');
    assert.equal(reused.status, 404, 'a challenge link works once');
  });

  it('refusing 3-D Secure fails the payment with payment_intent_authentication_failure', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 900,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: `${RETURN_URL}?plan=basic`,
    });
    const answer = await answerChallenge(test, intent.next_action?.redirect_to_url?.url ?? '', 'refuse');
    const back = new URL(answer.headers.get('location') ?? '');
    assert.equal(back.searchParams.get('plan'), 'basic', 'the return_url keeps its own query');
    assert.equal(back.searchParams.get('redirect_status'), 'failed');
    const failed = await stripe.paymentIntents.retrieve(intent.id);
    assert.equal(failed.status, 'requires_payment_method');
    assert.equal(failed.last_payment_error?.code, 'payment_intent_authentication_failure');
  });

  it('declines the 3-D Secure card off-session with authentication_required', async () => {
    const pm = await stripe.paymentMethods.attach('pm_card_authenticationRequiredOnSetup', {
      customer: customer.id,
    });
    const error = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'usd',
        customer: customer.id,
        payment_method: pm.id,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ['card'],
      }),
    );
    assert.ok(error instanceof Stripe.errors.StripeCardError);
    assert.equal(error.code, 'authentication_required');
    assert.equal(error.decline_code, 'authentication_required');
    assert.equal(error.payment_intent?.status, 'requires_payment_method');
  });

  it('validates like Stripe: amount minimum, currency, off_session without confirm, someone else’s card', async () => {
    const small = await caught(() => stripe.paymentIntents.create({ amount: 10, currency: 'usd' }));
    assert.equal(small.code, 'amount_too_small');
    assert.equal(small.message, 'Amount must be at least $0.50 usd');
    const currency = await caught(() => stripe.paymentIntents.create({ amount: 1000, currency: 'xyz' }));
    assert.equal(currency.param, 'currency');
    const missing = await caught(() =>
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    );
    assert.equal(missing.code, 'parameter_missing');
    assert.equal(missing.param, 'amount');
    const offSession = await caught(() =>
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', off_session: true }),
    );
    assert.equal(offSession.param, 'off_session');
    const other = await stripe.customers.create({});
    const theirs = await stripe.paymentMethods.attach('pm_card_visa', { customer: other.id });
    const stolen = await caught(() =>
      stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer: customer.id,
        payment_method: theirs.id,
      }),
    );
    assert.equal(stolen.param, 'payment_method');
    const manual = await caught(() =>
      stripe.paymentIntents.create({ amount: 1000, currency: 'usd', capture_method: 'manual' }),
    );
    assert.match(manual.message, /not supported by the provider sandbox/);
  });

  it('cancels, and lists a customer’s PaymentIntents', async () => {
    const buyer = await stripe.customers.create({});
    const intent = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', customer: buyer.id });
    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
    assert.equal(canceled.status, 'canceled');
    assert.equal(canceled.cancellation_reason, 'abandoned');
    assert.ok(canceled.canceled_at);
    const list = await stripe.paymentIntents.list({ customer: buyer.id });
    assert.deepEqual(
      list.data.map((item) => item.id),
      [intent.id],
    );
  });

  it('lets the browser read and confirm with the publishable key and the client secret only', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer: customer.id,
    });
    const path = `/v1/payment_intents/${intent.id}`;
    const withoutSecret = await publishableCall(test, 'GET', path);
    assert.equal(withoutSecret.status, 400);
    const wrongSecret = await publishableCall(test, 'GET', path, {
      client_secret: `${intent.id}_secret_wrong`,
    });
    assert.equal(wrongSecret.status, 404);
    const read = await publishableCall(test, 'GET', path, { client_secret: intent.client_secret ?? '' });
    assert.equal(read.status, 200);
    assert.equal(read.body.status, 'requires_payment_method');
    assert.equal(read.body.customer, undefined, 'the publishable view hides the customer');

    const pm = await publishableCall(test, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 1),
    });
    const confirmed = await publishableCall(test, 'POST', `${path}/confirm`, {
      client_secret: intent.client_secret ?? '',
      payment_method: String(pm.body.id),
      return_url: RETURN_URL,
    });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.status, 'succeeded');
    const cancel = await publishableCall(test, 'POST', `${path}/cancel`);
    assert.equal(cancel.status, 401, 'cancel needs the secret key');
  });
});
