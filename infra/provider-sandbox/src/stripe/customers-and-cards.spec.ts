import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import Stripe from 'stripe';
import { caught, publishableCall, stripeFor } from '../testing/stripe-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string) => ({ number, exp_month: 12, exp_year: nextYear, cvc: '123' });

describe('stripe sandbox: customers and saved cards through stripe-node', () => {
  let test: TestSandbox;
  let stripe: Stripe;

  beforeAll(async () => {
    test = await startTestSandbox();
    stripe = stripeFor(test);
  });
  afterAll(() => test.stop());

  it('creates, retrieves, updates, lists and deletes customers', async () => {
    const created = await stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: { appUserId: '42' },
    });
    assert.match(created.id, /^cus_\w{24}$/);
    assert.equal(created.object, 'customer');
    assert.equal(created.email, 'ada@example.com');
    assert.deepEqual(created.metadata, { appUserId: '42' });
    assert.equal(created.lastResponse.statusCode, 200);
    assert.match(created.lastResponse.requestId, /^req_/);

    const updated = await stripe.customers.update(created.id, {
      name: 'Ada King',
      metadata: { appUserId: '' },
    });
    assert.equal(updated.name, 'Ada King');
    assert.deepEqual(updated.metadata, {});

    const fetched = await stripe.customers.retrieve(created.id);
    assert.equal((fetched as Stripe.Customer).name, 'Ada King');

    await stripe.customers.create({ email: 'other@example.com' });
    const list = await stripe.customers.list({ email: 'ada@example.com' });
    assert.equal(list.object, 'list');
    assert.equal(list.url, '/v1/customers');
    assert.deepEqual(
      list.data.map((customer) => customer.id),
      [created.id],
    );

    const deleted = await stripe.customers.del(created.id);
    assert.deepEqual({ id: deleted.id, deleted: deleted.deleted }, { id: created.id, deleted: true });
    const gone = await stripe.customers.retrieve(created.id);
    assert.equal((gone as Stripe.DeletedCustomer).deleted, true);
  });

  it('paginates lists newest first with has_more, and auto-pagination walks every page', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await stripe.customers.create({ email: `page${i}@example.com` })).id);
    const first = await stripe.customers.list({ limit: 2 });
    assert.equal(first.data.length, 2);
    assert.equal(first.has_more, true);
    assert.equal(first.data[0]?.id, ids[4]);
    const second = await stripe.customers.list({ limit: 2, starting_after: first.data[1]?.id });
    assert.equal(second.data[0]?.id, ids[2]);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) all.push(customer.id);
    for (const id of ids) assert.ok(all.includes(id));
  });

  it('answers Stripe errors: unknown parameter, missing customer, bad e-mail, wrong key', async () => {
    const unknown = await caught(() =>
      stripe.customers.create({
        email: 'x@example.com',
        favourite_colour: 'blue',
      } as Stripe.CustomerCreateParams),
    );
    assert.ok(unknown instanceof Stripe.errors.StripeInvalidRequestError);
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.code, 'parameter_unknown');
    assert.equal(unknown.param, 'favourite_colour');
    assert.equal(unknown.message, 'Received unknown parameter: favourite_colour');

    const missing = await caught(() => stripe.customers.retrieve('cus_nope'));
    assert.ok(missing instanceof Stripe.errors.StripeInvalidRequestError);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.code, 'resource_missing');
    assert.equal(missing.message, "No such customer: 'cus_nope'");

    const email = await caught(() => stripe.customers.create({ email: 'not-an-email' }));
    assert.equal(email.param, 'email');

    const wrongKey = await caught(() => stripeFor(test, { key: 'sk_test_wrong_key_0000' }).customers.list());
    assert.ok(wrongKey instanceof Stripe.errors.StripeAuthenticationError);
    assert.equal(wrongKey.statusCode, 401);
    assert.match(wrongKey.message, /^Invalid API Key provided: sk_test_\*+0000$/);
  });

  it('creates card PaymentMethods, attaches, lists by customer, sets the default, updates and detaches', async () => {
    const customer = await stripe.customers.create({ email: 'cards@example.com' });
    const visa = await stripe.paymentMethods.create({
      type: 'card',
      card: card('4242 4242 4242 4242'),
      billing_details: { name: 'Ada Lovelace', address: { postal_code: '94107' } },
    });
    assert.match(visa.id, /^pm_/);
    assert.equal(visa.card?.brand, 'visa');
    assert.equal(visa.card?.last4, '4242');
    assert.equal(visa.card?.exp_year, nextYear);
    assert.equal(visa.billing_details.address?.postal_code, '94107');
    assert.equal(visa.customer, null);
    assert.equal(
      JSON.stringify(visa).includes('4242424242424242'),
      false,
      'the full number is never returned',
    );

    const attached = await stripe.paymentMethods.attach(visa.id, { customer: customer.id });
    assert.equal(attached.customer, customer.id);
    const master = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    assert.equal(master.card?.brand, 'mastercard');
    assert.notEqual(master.id, 'pm_card_mastercard');

    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    assert.deepEqual(
      listed.data.map((pm) => pm.id),
      [master.id, visa.id],
    );
    const viaCustomer = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    assert.equal(viaCustomer.data.length, 2);
    assert.equal((await stripe.customers.retrievePaymentMethod(customer.id, visa.id)).id, visa.id);
    assert.equal((await stripe.paymentMethods.retrieve(visa.id)).id, visa.id);

    const withDefault = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: visa.id },
      expand: ['invoice_settings.default_payment_method'],
    });
    const expandedDefault = withDefault.invoice_settings.default_payment_method as Stripe.PaymentMethod;
    assert.equal(expandedDefault.id, visa.id);
    assert.equal(expandedDefault.card?.last4, '4242');

    const updated = await stripe.paymentMethods.update(visa.id, {
      billing_details: { name: 'Ada King', address: { postal_code: '10001' } },
      card: { exp_month: 3, exp_year: nextYear + 2 },
    });
    assert.equal(updated.billing_details.name, 'Ada King');
    assert.equal(updated.billing_details.address?.postal_code, '10001');
    assert.deepEqual([updated.card?.exp_month, updated.card?.exp_year], [3, nextYear + 2]);

    const detached = await stripe.paymentMethods.detach(visa.id);
    assert.equal(detached.customer, null);
    const after = await stripe.customers.retrieve(customer.id);
    assert.equal((after as Stripe.Customer).invoice_settings.default_payment_method, null);
    const reuse = await caught(() => stripe.paymentMethods.attach(visa.id, { customer: customer.id }));
    assert.ok(reuse instanceof Stripe.errors.StripeInvalidRequestError);
  });

  it('refuses a default card that is not the customer’s, and an update of an unattached card', async () => {
    const customer = await stripe.customers.create({});
    const loose = await stripe.paymentMethods.create({ type: 'card', card: card('4242424242424242') });
    const notOwned = await caught(() =>
      stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: loose.id } }),
    );
    assert.equal(notOwned.param, 'invoice_settings[default_payment_method]');
    const unattached = await caught(() =>
      stripe.paymentMethods.update(loose.id, { billing_details: { name: 'x' } }),
    );
    assert.match(unattached.message, /must save this PaymentMethod to a customer/);
  });

  it('checks card details like Stripe: bad number, bad expiry, declines on attach (but not 0341)', async () => {
    const badNumber = await caught(() =>
      stripe.paymentMethods.create({ type: 'card', card: card('4242424242424241') }),
    );
    assert.ok(badNumber instanceof Stripe.errors.StripeCardError);
    assert.equal(badNumber.statusCode, 402);
    assert.equal(badNumber.code, 'incorrect_number');

    const expired = await caught(() =>
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 1, exp_year: 2020 },
      }),
    );
    assert.equal(expired.code, 'invalid_expiry_year');

    const customer = await stripe.customers.create({});
    const declining = await stripe.paymentMethods.create({ type: 'card', card: card('4000000000000002') });
    const declined = await caught(() =>
      stripe.paymentMethods.attach(declining.id, { customer: customer.id }),
    );
    assert.ok(declined instanceof Stripe.errors.StripeCardError);
    assert.equal(declined.code, 'card_declined');
    assert.equal(declined.decline_code, 'generic_decline');
    assert.equal(declined.message, 'Your card was declined.');

    const chargeFails = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    assert.equal(chargeFails.customer, customer.id);
  });

  it('lets the browser create a card with the publishable key, but nothing that needs the secret key', async () => {
    const created = await publishableCall(test, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(nextYear),
      'card[cvc]': '123',
      'billing_details[name]': 'Browser Person',
    });
    assert.equal(created.status, 200);
    assert.match(String(created.body.id), /^pm_/);

    const refused = await publishableCall(test, 'GET', '/v1/customers');
    assert.equal(refused.status, 401);
    assert.match(String((refused.body.error as { message: string }).message), /publishable API key/);

    const preflight = await fetch(`${test.url}/v1/payment_methods`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:47080', 'Access-Control-Request-Method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /Authorization/);
  });
});
