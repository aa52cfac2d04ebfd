import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InvoiceEntry, MfaUsage, SavedCard } from '@multimfa/api-contract';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { sessionStripeCustomerId, verifiedCustomer } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { unpaidInvoice } from '../testing/invoices.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
interface Customer {
  browser: Browser;
  userId: string;
  stripeCustomerId: string;
}

const SECRET_KEY = 'sk_test_multimfa_sandbox';

describe('saved cards and invoices through the gateway (real billing, identity; PostgreSQL, Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let billingDatabase: string;

  async function onBilling<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: billingDatabase });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as R[];
    } finally {
      await client.end();
    }
  }

  /** A verified customer without a Stripe customer yet: their first card makes it. */
  async function customer(label: string): Promise<Customer> {
    const { browser, userId } = await verifiedCustomer(stack, gatewayUrl, label);
    assert.equal(await sessionStripeCustomerId(browser), '');
    return { browser, userId, stripeCustomerId: '' };
  }

  /**
   * Saves a card through POST /api/credit-card with a Stripe test PaymentMethod (as the card form makes
   * one); the first one, without a customer id, makes the Stripe customer, which the session then shows.
   */
  async function addCard(who: Customer, token = 'pm_card_visa') {
    const answer = await who.browser.call<Answer<SavedCard>>('POST', '/api/credit-card', {
      token,
      stripeCustomerId: who.stripeCustomerId,
    });
    if (!who.stripeCustomerId) who.stripeCustomerId = await sessionStripeCustomerId(who.browser);
    return answer;
  }

  async function savedCard(who: Customer, token = 'pm_card_visa'): Promise<SavedCard> {
    const answer = await addCard(who, token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data;
  }

  async function stripeGet<T>(path: string): Promise<T> {
    const response = await fetch(`${stack.sandboxUrl}${path}`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    return (await response.json()) as T;
  }

  const cardPath = (who: Customer, cardId: string, stripeCustomerId = who.stripeCustomerId) =>
    `/api/credit-card/${stripeCustomerId}/${cardId}`;

  beforeAll(async () => {
    await stack.start();
    billingDatabase = stack.databases[1] ?? '';
    gatewayUrl = (await stack.gateway()).url;
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('saves two cards at Stripe, lists them masked with brand, country and expiry, the first one the default', async () => {
    const ada = await customer('cards-two');
    const added = await addCard(ada, 'pm_card_visa');
    assert.equal(added.status, 200);
    assert.equal(added.body.message, 'Card saved successfully');
    const second = await savedCard(ada, 'pm_card_mastercard');

    const list = await ada.browser.call<Answer<SavedCard[]>>(
      'GET',
      `/api/credit-card/${ada.stripeCustomerId}`,
    );
    assert.equal(list.status, 200);
    expect(list.body.data).toStrictEqual([
      expect.objectContaining({
        id: added.body.data.id,
        last4: '4242',
        brand: 'visa',
        country: 'US',
        isDefault: true,
      }),
      expect.objectContaining({ id: second.id, last4: '4444', brand: 'mastercard', isDefault: false }),
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/4242424242424242|5555555555554444/);

    const one = await ada.browser.call<Answer<SavedCard>>(
      'GET',
      `/api/credit-card/getById/${ada.stripeCustomerId}/${second.id}`,
    );
    expect(one.body.data).toStrictEqual(list.body.data[1]);
    const atStripe = await stripeGet<{ invoice_settings: { default_payment_method: string | null } }>(
      `/v1/customers/${ada.stripeCustomerId}`,
    );
    assert.equal(atStripe.invoice_settings.default_payment_method, added.body.data.id);
  });

  it('refuses a declined card with its message and saves nothing', async () => {
    const ada = await customer('cards-declined');
    const refused = await addCard(ada, 'pm_card_chargeDeclined');
    assert.equal(refused.status, 422);
    expect(refused.body).toMatchObject({ isError: true, message: 'Your card was declined.' });
    const list = await ada.browser.call<Answer<SavedCard[]>>(
      'GET',
      `/api/credit-card/${ada.stripeCustomerId}`,
    );
    expect(list.body.data).toStrictEqual([]);
  });

  it('updates expiry, holder and zip with "Card updated successfully", and refuses a year before this one', async () => {
    const ada = await customer('cards-update');
    const card = await savedCard(ada);
    const year = new Date().getUTCFullYear();
    const updated = await ada.browser.call<Answer<SavedCard>>('PATCH', cardPath(ada, card.id), {
      exp_month: 3,
      exp_year: year + 4,
      name: '  Ada Lovelace ',
      address_zip: '',
    });
    assert.equal(updated.status, 200);
    assert.equal(updated.body.message, 'Card updated successfully');
    expect(updated.body.data).toMatchObject({
      exp_month: 3,
      exp_year: year + 4,
      name: 'Ada Lovelace',
      address_zip: null,
    });
    const atStripe = await stripeGet<{
      card: { exp_month: number; exp_year: number };
      billing_details: { name: string };
    }>(`/v1/payment_methods/${card.id}`);
    expect([atStripe.card.exp_month, atStripe.card.exp_year, atStripe.billing_details.name]).toStrictEqual([
      3,
      year + 4,
      'Ada Lovelace',
    ]);

    const answers = await Promise.all(
      [
        { exp_month: 3, exp_year: year - 1, name: 'Ada' },
        { exp_month: 13, exp_year: year + 1, name: 'Ada' },
        { exp_month: 3, exp_year: year + 1, name: '' },
        { exp_month: 3, exp_year: year + 1, name: 'A'.repeat(31) },
      ].map((body) => ada.browser.call<Answer<null>>('PATCH', cardPath(ada, card.id), body)),
    );
    expect(answers.map((answer) => [answer.status, answer.body.message])).toStrictEqual([
      [400, 'Expiry year should be valid'],
      [400, 'Please provide expiry month'],
      [400, 'Please provide card holder name'],
      [400, 'Card holder name must be at most 30 characters'],
    ]);
  });

  it("answers 404 to another customer's Stripe customer id, card id and invoice id, and to another user's invoice list", async () => {
    const owner = await customer('cards-owner');
    const card = await savedCard(owner);
    const { invoiceId } = await unpaidInvoice(billingDatabase, { userId: owner.userId });
    const intruder = await customer('cards-intruder');
    const ownCard = await savedCard(intruder);

    const answers = await Promise.all([
      intruder.browser.call('GET', `/api/credit-card/${owner.stripeCustomerId}`),
      intruder.browser.call('GET', `/api/credit-card/getById/${owner.stripeCustomerId}/${card.id}`),
      intruder.browser.call('GET', `/api/credit-card/getById/${intruder.stripeCustomerId}/${card.id}`),
      intruder.browser.call('PATCH', cardPath(intruder, card.id), {
        exp_month: 1,
        exp_year: 2099,
        name: 'X',
      }),
      intruder.browser.call('DELETE', cardPath(intruder, card.id)),
      intruder.browser.call('DELETE', cardPath(intruder, card.id, owner.stripeCustomerId)),
      intruder.browser.call('POST', '/api/credit-card', {
        token: 'pm_card_visa',
        stripeCustomerId: owner.stripeCustomerId,
      }),
      intruder.browser.call('GET', `/api/invoice/${owner.userId}`),
      intruder.browser.call('POST', '/api/invoice', { invoiceId, stripeCardId: ownCard.id }),
      intruder.browser.call('POST', '/api/invoice', { invoiceId, stripeCardId: card.id }),
    ]);
    expect(answers.map((answer) => answer.status)).toStrictEqual([
      404, 404, 404, 404, 404, 404, 404, 404, 404, 404,
    ]);

    const ownerCards = await owner.browser.call<Answer<SavedCard[]>>(
      'GET',
      `/api/credit-card/${owner.stripeCustomerId}`,
    );
    expect(ownerCards.body.data.map((saved) => [saved.id, saved.exp_year])).toStrictEqual([
      [card.id, card.exp_year],
    ]);
    const [invoice] = await onBilling<{ status: string; payment_attempts: number }>(
      'SELECT status, payment_attempts FROM invoice WHERE id = $1',
      [invoiceId],
    );
    expect(invoice).toStrictEqual({ status: 'UNPAID', payment_attempts: 0 });
  });

  it('keeps the last card while a subscription renews by itself ("You must keep atleast 1 card for payment"), even for two deletes at once', async () => {
    const ada = await customer('cards-last');
    await unpaidInvoice(billingDatabase, { userId: ada.userId, autoRenewal: true });
    const first = await savedCard(ada);
    const second = await savedCard(ada, 'pm_card_mastercard');

    const both = await Promise.all([
      ada.browser.call<Answer<null>>('DELETE', cardPath(ada, first.id)),
      ada.browser.call<Answer<null>>('DELETE', cardPath(ada, second.id)),
    ]);
    expect(both.map((answer) => answer.status).sort()).toStrictEqual([200, 409]);
    const refused = both.find((answer) => answer.status === 409);
    expect(refused?.body).toMatchObject({
      isError: true,
      message: 'You must keep atleast 1 card for payment',
    });
    const kept = both[0]?.status === 409 ? first : second;
    const list = await ada.browser.call<Answer<SavedCard[]>>(
      'GET',
      `/api/credit-card/${ada.stripeCustomerId}`,
    );
    expect(list.body.data).toStrictEqual([expect.objectContaining({ id: kept.id, isDefault: true })]);
    const atStripe = await stripeGet<{ invoice_settings: { default_payment_method: string | null } }>(
      `/v1/customers/${ada.stripeCustomerId}`,
    );
    assert.equal(atStripe.invoice_settings.default_payment_method, kept.id);
  });

  it('deletes the last card of a customer whose subscriptions do not renew, with "Card deleted successfully"', async () => {
    const ada = await customer('cards-no-renewal');
    await unpaidInvoice(billingDatabase, { userId: ada.userId, autoRenewal: false });
    const card = await savedCard(ada);
    const deleted = await ada.browser.call<Answer<null>>('DELETE', cardPath(ada, card.id));
    assert.equal(deleted.status, 200);
    assert.equal(deleted.body.message, 'Card deleted successfully');
    const atStripe = await stripeGet<{ customer: string | null }>(`/v1/payment_methods/${card.id}`);
    assert.equal(atStripe.customer, null);
  });

  it("lists the caller's invoices with the amount in dollars and cents, and no payment date while unpaid", async () => {
    const ada = await customer('invoices-list');
    const { invoiceId, invoiceNo } = await unpaidInvoice(billingDatabase, {
      userId: ada.userId,
      amountCents: 1234,
    });
    const list = await ada.browser.call<Answer<InvoiceEntry[]>>('GET', `/api/invoice/${ada.userId}`);
    assert.equal(list.status, 200);
    expect(list.body.data).toStrictEqual([
      {
        userPaymentInvoiceId: invoiceId,
        invoiceNo,
        invoiceDate: expect.any(String),
        invoiceAmount: 12.34,
        invoiceAmountCents: 1234,
        invoiceDescription: 'MultiMFA Basic plan, renewal',
        invoiceStatus: 'UNPAID',
        invoicePaymentDate: null,
        invoicePaymentError: null,
      },
    ]);
    expect(invoiceNo).toMatch(/^INV-\d{6,}$/);
  });

  it('pays an invoice once when two payments of it arrive together: one PaymentIntent, PAID, one billing.invoice.paid', async () => {
    const ada = await customer('invoices-pay');
    const card = await savedCard(ada);
    const other = await savedCard(ada, 'pm_card_mastercard');
    const { invoiceId } = await unpaidInvoice(billingDatabase, { userId: ada.userId, amountCents: 1500 });

    const answers = await Promise.all([
      ada.browser.call<Answer<InvoiceEntry[]>>('POST', '/api/invoice', { invoiceId, stripeCardId: card.id }),
      ada.browser.call<Answer<InvoiceEntry[]>>('POST', '/api/invoice', { invoiceId, stripeCardId: other.id }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.message])).toStrictEqual([
      [200, 'Thank You for payment. Invoice paid successfully'],
      [200, 'Thank You for payment. Invoice paid successfully'],
    ]);
    for (const answer of answers) {
      expect(answer.body.data).toStrictEqual([
        expect.objectContaining({
          userPaymentInvoiceId: invoiceId,
          invoiceStatus: 'PAID',
          invoicePaymentDate: expect.any(String),
        }),
      ]);
    }
    const intents = await stripeGet<{
      data: Array<{ status: string; amount: number; metadata: { invoiceId?: string } }>;
    }>(`/v1/payment_intents?customer=${ada.stripeCustomerId}&limit=100`);
    expect(intents.data.filter((intent) => intent.metadata.invoiceId === invoiceId)).toStrictEqual([
      expect.objectContaining({ status: 'succeeded', amount: 1500 }),
    ]);
    const events = await onBilling<{ count: number }>(
      `SELECT count(*)::int AS count FROM outbox_event
        WHERE envelope->>'type' = 'billing.invoice.paid' AND envelope->'payload'->>'invoiceId' = $1`,
      [invoiceId],
    );
    expect(events).toStrictEqual([{ count: 1 }]);

    const again = await ada.browser.call<Answer<InvoiceEntry[]>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: card.id,
    });
    assert.equal(again.status, 200);
    const after = await stripeGet<{ data: Array<{ metadata: { invoiceId?: string } }> }>(
      `/v1/payment_intents?customer=${ada.stripeCustomerId}&limit=100`,
    );
    assert.equal(after.data.filter((intent) => intent.metadata.invoiceId === invoiceId).length, 1);
  });

  it("charges an invoice once when Stripe's answer to the charge is lost and the customer pays again with another card", async () => {
    const ada = await customer('invoices-lost-answer');
    const card = await savedCard(ada);
    const other = await savedCard(ada, 'pm_card_mastercard');
    const { invoiceId } = await unpaidInvoice(billingDatabase, { userId: ada.userId, amountCents: 900 });

    // Stripe makes the charge, then the connection is cut instead of its answer, for the call and the
    // SDK's two retries of it (same idempotency key: still one charge).
    await new SandboxClient(stack.sandboxUrl).setFault({
      provider: 'stripe',
      dropAnswer: true,
      count: 3,
      method: 'POST',
      path: '/v1/payment_intents',
    });
    const lost = await ada.browser.call<Answer<null>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: card.id,
    });
    expect(lost.status).toBeGreaterThanOrEqual(500);
    const unpaid = await ada.browser.call<Answer<InvoiceEntry[]>>('GET', `/api/invoice/${ada.userId}`);
    expect(unpaid.body.data.map((invoice) => invoice.invoiceStatus)).toStrictEqual(['UNPAID']);

    const again = await ada.browser.call<Answer<InvoiceEntry[]>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: other.id,
    });
    expect([again.status, again.body.message]).toStrictEqual([
      200,
      'Thank You for payment. Invoice paid successfully',
    ]);
    expect(again.body.data.map((invoice) => invoice.invoiceStatus)).toStrictEqual(['PAID']);
    const intents = await stripeGet<{
      data: Array<{
        status: string;
        amount: number;
        payment_method: string;
        metadata: { invoiceId?: string };
      }>;
    }>(`/v1/payment_intents?customer=${ada.stripeCustomerId}&limit=100`);
    expect(intents.data.filter((intent) => intent.metadata.invoiceId === invoiceId)).toStrictEqual([
      expect.objectContaining({ status: 'succeeded', amount: 900, payment_method: card.id }),
    ]);
    expect(await onBilling('SELECT paid_card_id FROM invoice WHERE id = $1', [invoiceId])).toStrictEqual([
      { paid_card_id: card.id },
    ]);
  });

  it('leaves the invoice unpaid with a clear message when the card is declined or needs authentication off-session', async () => {
    const ada = await customer('invoices-refused');
    const declining = await savedCard(ada, 'pm_card_chargeCustomerFail');
    const authenticating = await savedCard(ada, 'pm_card_authenticationRequired');
    const { invoiceId } = await unpaidInvoice(billingDatabase, { userId: ada.userId });

    const declined = await ada.browser.call<Answer<null>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: declining.id,
    });
    expect([declined.status, declined.body.message]).toStrictEqual([402, 'Your card was declined.']);
    const authentication = await ada.browser.call<Answer<null>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: authenticating.id,
    });
    assert.equal(authentication.status, 402);
    expect(authentication.body.message).toMatch(/authenticate .* still unpaid/);
    const missing = await ada.browser.call<Answer<null>>('POST', '/api/invoice', {
      invoiceId,
      stripeCardId: '',
    });
    expect([missing.status, missing.body.message]).toStrictEqual([400, 'Please select credit card']);

    const [invoice] = await onBilling('SELECT status, payment_attempts FROM invoice WHERE id = $1', [
      invoiceId,
    ]);
    expect(invoice).toStrictEqual({ status: 'UNPAID', payment_attempts: 2 });
  });

  it('gives unique invoice numbers (INV-nnnnnn) to purchases completed at the same moment, each announced once', async () => {
    const ada = await verifiedCustomer(stack, gatewayUrl, 'invoices-numbering');
    await onBilling(
      `INSERT INTO discount (code, discount_type, value, max_no_usage, is_active, expiry_date)
       VALUES ('CARDSFREE', 'PERCENTAGE', 100, 100, true, now() + interval '1 day')`,
    );
    const applied = await ada.browser.call<Answer<{ discountId: string }>>(
      'POST',
      '/api/plan/apply-discount',
      {
        code: 'cardsfree',
        planId: 1,
      },
    );
    assert.equal(applied.status, 200);
    const checkouts: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const intent = await ada.browser.call<Answer<{ checkoutId: string; requiresPayment: boolean }>>(
        'POST',
        '/api/auth/create-intent',
        {
          MFAType: 'MultiMFA',
          planId: 1,
          name: `Team ${index}`,
          countryId: 1,
          discountId: applied.body.data.discountId,
        },
      );
      assert.equal(intent.body.data.requiresPayment, false);
      checkouts.push(intent.body.data.checkoutId);
    }
    const completed = await Promise.all(
      checkouts.map(async (checkoutId) => {
        const response = await fetch(`${stack.billingUrl}/users/${ada.userId}/purchases/complete`, {
          method: 'POST',
          headers: { ...(await testGatewayCaller.headers('billing')), 'content-type': 'application/json' },
          body: JSON.stringify({ checkoutId }),
        });
        return response.status;
      }),
    );
    expect(completed).toStrictEqual(checkouts.map(() => 200));

    const list = await ada.browser.call<Answer<InvoiceEntry[]>>('GET', `/api/invoice/${ada.userId}`);
    const numbers = list.body.data.map((invoice) => invoice.invoiceNo);
    assert.equal(numbers.length, 10);
    assert.equal(new Set(numbers).size, 10);
    for (const invoiceNo of numbers) expect(invoiceNo).toMatch(/^INV-\d{6,}$/);
    expect(list.body.data.map((invoice) => [invoice.invoiceStatus, invoice.invoiceAmount])).toStrictEqual(
      checkouts.map(() => ['PAID', 0]),
    );
    const events = await onBilling<{ type: string; count: number }>(
      `SELECT envelope->>'type' AS type, count(DISTINCT envelope->'payload'->>'invoiceNo')::int AS count
         FROM outbox_event WHERE envelope->>'type' LIKE 'billing.invoice.%'
          AND envelope->'payload'->>'userId' = $1 GROUP BY 1 ORDER BY 1`,
      [ada.userId],
    );
    expect(events).toStrictEqual([
      { type: 'billing.invoice.issued', count: 10 },
      { type: 'billing.invoice.paid', count: 10 },
    ]);
  });

  it("shows the owner the texts used this period of the plan's allowance (GET /api/usage/{mfaId}); another customer's MFA answers 404", async () => {
    const owner = await customer('usage-owner');
    const mfaId = randomUUID();
    const { subscriptionId } = await unpaidInvoice(billingDatabase, { userId: owner.userId, mfaId });
    const [subscription] = await onBilling<{ period_start: Date; next_payment_date: Date }>(
      'SELECT period_start, next_payment_date FROM subscription WHERE id = $1',
      [subscriptionId],
    );
    assert.ok(subscription);
    await onBilling(
      'INSERT INTO subscription_usage (subscription_id, period_start, texts) VALUES ($1, $2, 42)',
      [subscriptionId, subscription.period_start],
    );
    const intruder = await customer('usage-intruder');

    const usage = await owner.browser.call<Answer<MfaUsage>>('GET', `/api/usage/${mfaId}`);
    expect(usage.status).toBe(200);
    expect(usage.body.data).toStrictEqual({
      mfaId,
      periodStart: subscription.period_start.toISOString(),
      periodEnd: subscription.next_payment_date.toISOString(),
      textsUsed: 42,
      textsAllowed: 100,
      extraTextPrice: 0.02,
    });
    expect((await intruder.browser.call('GET', `/api/usage/${mfaId}`)).status).toBe(404);
    expect((await owner.browser.call('GET', '/api/usage/not-a-uuid')).status).toBe(400);
  });

  it('answers every successful call in the shape the contract documents', () => {
    const checked = assertAnswersMatchContract();
    for (const operation of [
      'addCard',
      'listCards',
      'getCard',
      'updateCard',
      'deleteCard',
      'listInvoices',
      'payInvoice',
      'getMfaUsage',
    ]) {
      assert.ok(checked.has(operation), operation);
    }
  });
});
