import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, it } from '@jest/globals';
import Stripe from 'stripe';
import { SandboxClient } from '../client/sandbox-client.js';
import { caught, stripeFor } from '../testing/stripe-client.js';
import { HOOKS, startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

describe('stripe sandbox: signed webhooks, idempotency and faults', () => {
  let test: TestSandbox;
  let stripe: Stripe;
  let client: SandboxClient;

  beforeAll(async () => {
    test = await startTestSandbox();
    stripe = stripeFor(test);
    client = new SandboxClient(test.url);
  });
  beforeEach(() => client.clearFaults());
  afterAll(() => test.stop());

  it('POSTs payment_intent.succeeded signed so stripe.webhooks.constructEvent accepts it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
      metadata: { purchase: 'p-1' },
    });
    const [delivery] = await test.receiver.waitFor(
      (request) =>
        request.path === HOOKS.stripe &&
        request.body.includes(intent.id) &&
        request.body.includes('"type": "payment_intent.succeeded"'),
    );
    assert.ok(delivery);
    assert.equal(delivery.headers['content-type'], 'application/json; charset=utf-8');
    const header = String(delivery.headers['stripe-signature']);
    assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);

    const event = stripe.webhooks.constructEvent(delivery.body, header, test.config.stripe.webhookSecret);
    assert.equal(event.type, 'payment_intent.succeeded');
    assert.match(event.id, /^evt_/);
    const object = event.data.object as Stripe.PaymentIntent;
    assert.equal(object.id, intent.id);
    assert.equal(object.status, 'succeeded');
    assert.deepEqual(object.metadata, { purchase: 'p-1' });

    const fetched = await stripe.events.retrieve(event.id);
    assert.equal(fetched.type, 'payment_intent.succeeded');
    const listed = await stripe.events.list({ type: 'payment_intent.*', limit: 100 });
    assert.ok(listed.data.some((item) => item.id === event.id));
  });

  it('rejects a tampered body, a wrong secret and a forged signature', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
      allowed_payment_method_types: ['card'],
    });
    const [delivery] = await test.receiver.waitFor(
      (request) =>
        request.body.includes(intent.id) && request.body.includes('"type": "payment_intent.succeeded"'),
    );
    assert.ok(delivery);
    const header = String(delivery.headers['stripe-signature']);
    const secret = test.config.stripe.webhookSecret;
    const tampered = delivery.body.replace('"amount": 1500', '"amount": 1');
    assert.notEqual(tampered, delivery.body);
    assert.throws(
      () => stripe.webhooks.constructEvent(tampered, header, secret),
      Stripe.errors.StripeSignatureVerificationError,
    );
    assert.throws(
      () => stripe.webhooks.constructEvent(delivery.body, header, 'whsec_someone_else'),
      Stripe.errors.StripeSignatureVerificationError,
    );
    const forged = header.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    assert.throws(
      () => stripe.webhooks.constructEvent(delivery.body, forged, secret),
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('sends payment_intent.payment_failed for a decline', async () => {
    const error = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.create({
        amount: 800,
        currency: 'usd',
        payment_method: 'pm_card_chargeDeclined',
        confirm: true,
        allowed_payment_method_types: ['card'],
      }),
    );
    const id = error.payment_intent?.id ?? '';
    const [delivery] = await test.receiver.waitFor(
      (request) => request.body.includes(id) && request.body.includes('payment_intent.payment_failed'),
    );
    assert.ok(delivery);
    const event = stripe.webhooks.constructEvent(
      delivery.body,
      String(delivery.headers['stripe-signature']),
      test.config.stripe.webhookSecret,
    );
    const failed = event.data.object as Stripe.PaymentIntent;
    assert.equal(failed.last_payment_error?.decline_code, 'generic_decline');
  });

  it('replays the first answer for the same Idempotency-Key and parameters', async () => {
    const key = `idem-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    const second = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: key });
    assert.equal(second.id, first.id);
    assert.equal(second.lastResponse.headers['idempotent-replayed'], 'true');
    assert.equal(second.lastResponse.idempotencyKey, key);
    const matching = await stripe.customers.list({ email: 'once@example.com' });
    assert.equal(matching.data.length, 1, 'one customer, not two');
  });

  it('answers idempotency_error for the same key with other parameters or another endpoint', async () => {
    const key = `idem-conflict-${Date.now()}`;
    await stripe.customers.create({ email: 'first@example.com' }, { idempotencyKey: key });
    const otherParams = await caught(() =>
      stripe.customers.create({ email: 'second@example.com' }, { idempotencyKey: key }),
    );
    assert.ok(otherParams instanceof Stripe.errors.StripeIdempotencyError);
    assert.equal(otherParams.statusCode, 400);
    assert.match(otherParams.message, /same parameters they were first used with/);
    const otherEndpoint = await caught(() =>
      stripe.paymentIntents.create({ amount: 500, currency: 'usd' }, { idempotencyKey: key }),
    );
    assert.ok(otherEndpoint instanceof Stripe.errors.StripeIdempotencyError);
    assert.match(otherEndpoint.message, /same endpoint/);
  });

  it('replays a card decline too, but lets a key whose request failed validation be used again', async () => {
    const declineKey = `idem-decline-${Date.now()}`;
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 1200,
      currency: 'usd',
      payment_method: 'pm_card_chargeDeclined',
      confirm: true,
      allowed_payment_method_types: ['card'],
    };
    const first = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.create(params, { idempotencyKey: declineKey }),
    );
    const replay = await caught<Stripe.errors.StripeCardError>(() =>
      stripe.paymentIntents.create(params, { idempotencyKey: declineKey }),
    );
    assert.equal(replay.payment_intent?.id, first.payment_intent?.id);
    assert.equal(replay.headers?.['idempotent-replayed'], 'true');

    const invalidKey = `idem-invalid-${Date.now()}`;
    await caught(() =>
      stripe.paymentIntents.create({ amount: 1, currency: 'usd' }, { idempotencyKey: invalidKey }),
    );
    const retried = await stripe.paymentIntents.create(
      { amount: 1000, currency: 'usd' },
      { idempotencyKey: invalidKey },
    );
    assert.equal(retried.status, 'requires_payment_method');
  });

  it('fails the next call with 429 and rate-limit headers: the SDK raises StripeRateLimitError', async () => {
    await client.setFault({ provider: 'stripe', status: 429, retryAfterSeconds: 7 });
    const error = await caught(() => stripe.customers.list());
    assert.ok(error instanceof Stripe.errors.StripeRateLimitError);
    assert.equal(error.statusCode, 429);
    assert.equal(error.code, 'rate_limit');
    assert.equal(error.headers?.['retry-after'], '7');
    assert.ok(Number(error.headers?.['x-ratelimit-reset']) >= Math.floor(Date.now() / 1000) + 6);
    assert.equal((await stripe.customers.list()).object, 'list', 'only the next call failed');
  });

  it('fails calls with 500: raised without retries, absorbed by stripe-node retries with one customer created', async () => {
    await client.setFault({ provider: 'stripe', status: 500 });
    const error = await caught(() => stripe.customers.create({ email: 'fault@example.com' }));
    assert.ok(error instanceof Stripe.errors.StripeAPIError);
    assert.equal(error.statusCode, 500);

    await client.setFault({ provider: 'stripe', status: 500, count: 2 });
    const retrying = stripeFor(test, { maxNetworkRetries: 2 });
    const created = await retrying.customers.create({ email: 'retried@example.com' });
    assert.match(created.id, /^cus_/);
    const list = await stripe.customers.list({ email: 'retried@example.com' });
    assert.equal(list.data.length, 1);
  });

  it('holds a call forever on a timeout fault: the SDK gives up with a connection error', async () => {
    await client.setFault({ provider: 'stripe', timeout: true });
    const impatient = stripeFor(test, { timeout: 300 });
    const error = await caught(() => impatient.customers.list());
    assert.ok(error instanceof Stripe.errors.StripeConnectionError);
    assert.match(error.message, /timeout/i);
  });

  it('slows calls down with latencyMs and counts them', async () => {
    await client.setFault({ provider: 'stripe', latencyMs: 250, count: 2 });
    assert.equal((await client.faults())[0]?.remaining, 2);
    const started = Date.now();
    await stripe.customers.list();
    assert.ok(Date.now() - started >= 240);
    assert.equal((await client.faults())[0]?.remaining, 1);
  });
});
