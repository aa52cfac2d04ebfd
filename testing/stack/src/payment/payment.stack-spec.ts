import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testGatewayCaller } from '@multimfa/service-runtime/testing';
import pg from 'pg';
import { email, signUpBody, verifiedCustomer, verifyEmail } from '../testing/accounts.builder.js';
import { assertAnswersMatchContract } from '../testing/contract-answers.fixture.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
type Intent = {
  checkoutId: string;
  requiresPayment: boolean;
  id: string | null;
  clientSecret: string | null;
  amount: number;
  currency: string;
  actualAmount: number;
  discountedAmount: number;
  payableAmount: number;
  waitlistOffer: boolean;
};
type Purchase = {
  purchaseId: string;
  userId: string;
  mfaId: string;
  subscriptionId: string;
  paymentIntentId: string | null;
  amountPaidCents: number;
  action: string;
};

const SECRET_KEY = 'sk_test_multimfa_sandbox';
const PUBLISHABLE_KEY = 'pk_test_multimfa_sandbox';
/** Professional MultiMFA: $15. */
const PROFESSIONAL = 2;
const BASIC = 1;

describe('buying a number: discounts, create-intent, completion exactly once, the Stripe webhook', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let ada: Browser;
  let adaId: string;
  let bob: Browser;
  let bobId: string;

  async function onBilling<R = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as R[];
    } finally {
      await client.end();
    }
  }

  /** A discount as the admin area will create it; answers its id. */
  async function discount(fields: {
    code: string;
    type?: 'FLAT' | 'PERCENTAGE';
    value: number;
    maxUsage?: number;
    active?: boolean;
    expires?: Date;
    used?: number;
  }): Promise<string> {
    const [row] = await onBilling<{ id: string }>(
      `INSERT INTO discount (code, discount_type, value, max_no_usage, used_count, is_active, expiry_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        fields.code,
        fields.type ?? 'PERCENTAGE',
        fields.value,
        fields.maxUsage ?? 100,
        fields.used ?? 0,
        fields.active ?? true,
        fields.expires ?? new Date(Date.now() + 86_400_000),
      ],
    );
    assert.ok(row);
    return row.id;
  }

  /** A new customer signed in through POST /api/auth/signup, their address verified, and the user id it answered. */
  async function signedUp(label: string): Promise<[Browser, string]> {
    const { browser, userId } = await verifiedCustomer(stack, gatewayUrl, label);
    return [browser, userId];
  }

  const newMultiMfa = (fields: Record<string, unknown> = {}) => ({
    MFAType: 'MultiMFA',
    planId: PROFESSIONAL,
    name: 'Support desk',
    description: 'Shared sign-ins',
    countryId: 1,
    ...fields,
  });

  async function createIntent(browser: Browser, body: Record<string, unknown>) {
    const answer = await browser.call<Answer<Intent>>('POST', '/api/auth/create-intent', body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data;
  }

  /** Stripe.js in the browser: confirms the intent with the publishable key, its client secret and a card. */
  async function pay(intent: Intent): Promise<void> {
    assert.ok(intent.id && intent.clientSecret);
    const response = await fetch(`${stack.sandboxUrl}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${PUBLISHABLE_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: 'http://127.0.0.1:1/success',
      }).toString(),
    });
    const confirmed = (await response.json()) as { status: string };
    assert.equal(confirmed.status, 'succeeded');
  }

  async function stripeGet<T>(path: string): Promise<T> {
    const response = await fetch(`${stack.sandboxUrl}${path}`, {
      headers: { authorization: `Bearer ${SECRET_KEY}` },
    });
    return (await response.json()) as T;
  }

  /** The sandbox's recorded `payment_intent.succeeded` event of the intent, as Stripe would POST it. */
  async function succeededEvent(paymentIntentId: string): Promise<string> {
    const events = await stripeGet<{ data: Array<{ data: { object: { id: string } } }> }>(
      '/v1/events?type=payment_intent.succeeded&limit=100',
    );
    const event = events.data.find((candidate) => candidate.data.object.id === paymentIntentId);
    assert.ok(event, 'the sandbox recorded the event');
    return JSON.stringify(event, null, 2);
  }

  /** Stripe's signature scheme: t=<unix seconds>,v1=HMAC-SHA256(secret, "<t>.<body>"). */
  function sign(payload: string, secret = stack.stripeWebhookSecret): string {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /** A webhook delivery to the gateway, as Stripe sends it (no session, no XSRF token). */
  async function deliver(payload: string, signature = sign(payload)) {
    const response = await fetch(`${gatewayUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** The gateway's call to billing that /api/plan/create and friends make after the payment. */
  async function complete(user: string, body: Record<string, unknown>) {
    const response = await fetch(`${stack.billingUrl}/users/${user}/purchases/complete`, {
      method: 'POST',
      headers: { ...(await testGatewayCaller.headers('billing')), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Purchase & Answer<unknown> };
  }

  async function countsFor(checkoutId: string) {
    const [row] = await onBilling<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM payment WHERE checkout_id = $1) AS payments,
              (SELECT count(*)::int FROM invoice WHERE checkout_id = $1 AND status = 'PAID') AS invoices,
              (SELECT count(*)::int FROM subscription s JOIN checkout c ON c.mfa_id = s.mfa_id
                WHERE c.id = $1) AS subscriptions,
              (SELECT count(*)::int FROM outbox_event WHERE envelope->>'type' = 'billing.purchase.completed'
                 AND envelope->'payload'->>'purchaseId' = $1::text) AS events`,
      [checkoutId],
    );
    return row;
  }

  beforeAll(async () => {
    await stack.start();
    gatewayUrl = (await stack.gateway()).url;
    [ada, adaId] = await signedUp('buyer');
    [bob, bobId] = await signedUp('other-buyer');
  });

  afterAll(async () => {
    await stack.stop();
  });

  describe('apply-discount', () => {
    it('takes a code in any case off the plan price computed on the server, ignoring the paymentAmount sent', async () => {
      const id = await discount({ code: 'Spring20', value: 20 });
      const { status, body } = await ada.call<Answer<unknown>>('POST', '/api/plan/apply-discount', {
        code: 'sPRING20',
        planId: PROFESSIONAL,
        paymentAmount: 1,
      });
      assert.equal(status, 200);
      expect(body).toStrictEqual({
        isError: false,
        message: 'Discount applied successfully',
        data: { payableAmount: 12, discountedAmount: 3, discountId: id },
      });
    });

    it('caps a flat discount at the price: nothing left to pay', async () => {
      await discount({ code: 'FLAT40', type: 'FLAT', value: 40 });
      const { body } = await ada.call<Answer<{ payableAmount: number; discountedAmount: number }>>(
        'POST',
        '/api/plan/apply-discount',
        { code: 'flat40', planId: BASIC },
      );
      assert.equal(body.data.payableAmount, 0);
      assert.equal(body.data.discountedAmount, 5);
    });

    it('refuses an unknown, an inactive, an expired and a used-up code with 400 and their messages', async () => {
      await discount({ code: 'SLEEPING', value: 10, active: false });
      await discount({ code: 'LASTYEAR', value: 10, expires: new Date(Date.now() - 60_000) });
      await discount({ code: 'GONE', value: 10, maxUsage: 3, used: 3 });
      const tries: Array<[string, string, string]> = [
        ['NOSUCHCODE', 'DISCOUNT_INVALID', 'Invalid discount code'],
        ['sleeping', 'DISCOUNT_INVALID', 'Invalid discount code'],
        ['lastyear', 'DISCOUNT_EXPIRED', 'This discount code has expired'],
        ['gone', 'DISCOUNT_USED_UP', 'This discount code has been fully used'],
      ];
      for (const [code, errorCode, message] of tries) {
        const { status, body } = await ada.call('POST', '/api/plan/apply-discount', {
          code,
          planId: PROFESSIONAL,
        });
        assert.equal(status, 400, code);
        assert.equal(body.isError, true);
        assert.equal(body.message, message);
        assert.equal(body.data?.code, errorCode);
      }
    });

    it('consumes nothing when a code is checked', async () => {
      const id = await discount({ code: 'CHECKONLY', value: 10, maxUsage: 1 });
      for (let i = 0; i < 3; i += 1) {
        const { status } = await ada.call('POST', '/api/plan/apply-discount', {
          code: 'CHECKONLY',
          planId: BASIC,
        });
        assert.equal(status, 200);
      }
      const [row] = await onBilling<{ used_count: number }>('SELECT used_count FROM discount WHERE id = $1', [
        id,
      ]);
      assert.equal(row?.used_count, 0);
    });
  });

  describe('quote', () => {
    it("quotes a waitlist prospect's first MultiMFA at 20% off ($3.00 of $15.00) and create-intent charges that $12.00", async () => {
      const address = email('waitlist-prospect');
      const prospect = new Browser(gatewayUrl);
      const signup = await prospect.call<Answer<{ userId: string }>>(
        'POST',
        '/api/auth/signup',
        signUpBody(address),
      );
      assert.equal(signup.status, 200);
      await verifyEmail(stack, prospect, address);
      await onBilling(
        `INSERT INTO waitlist_offer (email_address, signup_id, confirmed_at) VALUES (lower($1), $2, now() - interval '1 day')`,
        [address, randomUUID()],
      );

      const quote = await prospect.call<Answer<Record<string, unknown>>>(
        'POST',
        '/api/plan/quote',
        newMultiMfa(),
      );
      expect([quote.status, quote.body.data]).toStrictEqual([
        200,
        { actualAmount: 15, discountedAmount: 3, payableAmount: 12, waitlistOffer: true },
      ]);
      const intent = await createIntent(prospect, newMultiMfa());
      expect([intent.amount, intent.payableAmount, intent.waitlistOffer]).toStrictEqual([1200, 12, true]);
      const stripeIntent = await stripeGet<{ amount: number }>(`/v1/payment_intents/${intent.id}`);
      expect(stripeIntent.amount).toBe(1200);
    });

    it('quotes a customer without a waitlist offer at the price less their code, as create-intent charges', async () => {
      const discountId = await discount({ code: 'QUOTE10', value: 10 });
      const quote = await ada.call<Answer<Record<string, unknown>>>(
        'POST',
        '/api/plan/quote',
        newMultiMfa({ discountId }),
      );
      expect([quote.status, quote.body.data]).toStrictEqual([
        200,
        { actualAmount: 15, discountedAmount: 1.5, payableAmount: 13.5, waitlistOffer: false },
      ]);
    });
  });

  describe('create-intent', () => {
    it('refuses create-intent and quote with 403 EMAIL_NOT_VERIFIED to a customer whose address is not verified yet, recording nothing; verified, both answer', async () => {
      const address = email('unverified-buyer');
      const browser = new Browser(gatewayUrl);
      const signup = await browser.call<Answer<{ userId: string }>>(
        'POST',
        '/api/auth/signup',
        signUpBody(address),
      );
      assert.equal(signup.status, 200);
      for (const path of ['/api/auth/create-intent', '/api/plan/quote']) {
        const refused = await browser.call('POST', path, newMultiMfa());
        expect([path, refused.status, refused.body]).toStrictEqual([
          path,
          403,
          {
            isError: true,
            message: 'You need to verify your email first',
            data: { code: 'EMAIL_NOT_VERIFIED' },
          },
        ]);
      }
      const checkouts = await onBilling('SELECT id FROM checkout WHERE user_id = $1', [
        signup.body.data.userId,
      ]);
      expect(checkouts).toStrictEqual([]);
      await verifyEmail(stack, browser, address);
      assert.equal((await browser.call('POST', '/api/plan/quote', newMultiMfa())).status, 200);
      await createIntent(browser, newMultiMfa());
    });

    it('charges the plan price less the discount in cents and USD, ignoring the amounts the browser sends', async () => {
      const discountId = await discount({ code: 'INTENT20', value: 20 });
      const intent = await createIntent(ada, newMultiMfa({ discountId, amount: 1, payableAmount: 0.5 }));
      expect({ ...intent, checkoutId: 'id', id: 'pi', clientSecret: 'secret' }).toStrictEqual({
        checkoutId: 'id',
        requiresPayment: true,
        id: 'pi',
        clientSecret: 'secret',
        amount: 1200,
        currency: 'usd',
        actualAmount: 15,
        discountedAmount: 3,
        payableAmount: 12,
        waitlistOffer: false,
      });
      const stripeIntent = await stripeGet<Record<string, unknown>>(`/v1/payment_intents/${intent.id}`);
      const [customer] = await onBilling<{ stripe_customer_id: string }>(
        'SELECT stripe_customer_id FROM stripe_customer WHERE user_id = $1',
        [adaId],
      );
      expect([
        stripeIntent.amount,
        stripeIntent.currency,
        stripeIntent.customer,
        stripeIntent.metadata,
      ]).toStrictEqual([
        1200,
        'usd',
        customer?.stripe_customer_id,
        { checkoutId: intent.checkoutId, userId: adaId },
      ]);
    });

    it('asks for the draft of a new number in the create form\u2019s words', async () => {
      const noName = await ada.call('POST', '/api/auth/create-intent', newMultiMfa({ name: '  ' }));
      assert.equal(noName.status, 400);
      assert.equal(noName.body.message, 'Please provide name for your MFA');
      const noRoboName = await ada.call('POST', '/api/auth/create-intent', {
        MFAType: 'RoboMFA',
        planId: 4,
        countryId: 1,
      });
      assert.equal(noRoboName.body.message, 'Please provide name for your RoboMFA');
      const noCountry = await ada.call(
        'POST',
        '/api/auth/create-intent',
        newMultiMfa({ countryId: undefined }),
      );
      assert.equal(noCountry.status, 400);
      assert.equal(noCountry.body.message, 'Please select Country');
    });

    it('refuses a plan of the other kind of number with 404', async () => {
      const { status, body } = await ada.call('POST', '/api/auth/create-intent', newMultiMfa({ planId: 4 }));
      assert.equal(status, 404);
      assert.equal(body.data?.code, 'PLAN_NOT_FOUND');
    });
  });

  describe('completion', () => {
    it('completes once when the browser and the webhook arrive together: one payment, invoice, subscription and event', async () => {
      const intent = await createIntent(ada, newMultiMfa());
      await pay(intent);
      const payload = await succeededEvent(intent.id ?? '');
      const [browser, webhook] = await Promise.all([
        complete(adaId, { paymentIntentId: intent.id }),
        deliver(payload),
      ]);
      assert.equal(browser.status, 200);
      expect(webhook).toStrictEqual({ status: 200, body: { received: true } });
      assert.equal(browser.body.purchaseId, intent.checkoutId);
      assert.equal(browser.body.paymentIntentId, intent.id);
      assert.equal(browser.body.amountPaidCents, 1500);
      expect(await countsFor(intent.checkoutId)).toStrictEqual({
        payments: 1,
        invoices: 1,
        subscriptions: 1,
        events: 1,
      });
      const again = await complete(adaId, { paymentIntentId: intent.id });
      expect(again).toStrictEqual(browser);
    });

    it('completes from the webhook alone, and does nothing when the same event is delivered again', async () => {
      const intent = await createIntent(ada, newMultiMfa({ name: 'Webhook only' }));
      await pay(intent);
      const payload = await succeededEvent(intent.id ?? '');
      assert.equal((await deliver(payload)).status, 200);
      const after = await countsFor(intent.checkoutId);
      expect(after).toStrictEqual({ payments: 1, invoices: 1, subscriptions: 1, events: 1 });
      const [checkout] = await onBilling<{ status: string; updated_at: Date }>(
        'SELECT status, updated_at FROM checkout WHERE id = $1',
        [intent.checkoutId],
      );
      assert.equal(checkout?.status, 'COMPLETED');

      expect(await deliver(payload)).toStrictEqual({ status: 200, body: { received: true } });
      expect(await countsFor(intent.checkoutId)).toStrictEqual(after);
      const [replayed] = await onBilling<{ updated_at: Date }>(
        'SELECT updated_at FROM checkout WHERE id = $1',
        [intent.checkoutId],
      );
      assert.deepEqual(replayed?.updated_at, checkout?.updated_at);
      const [events] = await onBilling<{ n: number }>(
        `SELECT count(*)::int AS n FROM stripe_event WHERE id = $1`,
        [JSON.parse(payload).id],
      );
      assert.equal(events?.n, 1);
    });

    it('answers a forged webhook signature with 400 and completes nothing', async () => {
      const intent = await createIntent(ada, newMultiMfa({ name: 'Forged' }));
      await pay(intent);
      const payload = await succeededEvent(intent.id ?? '');
      const forged = await deliver(payload, sign(payload, 'whsec_not_the_endpoint_secret'));
      assert.equal(forged.status, 400);
      assert.equal(forged.body.message, 'The webhook signature is not valid');
      const tampered = await deliver(payload.replace('"amount": 1500', '"amount": 1'), sign(payload));
      assert.equal(tampered.status, 400);
      const unsigned = await deliver(payload, '');
      assert.equal(unsigned.status, 400);
      const [checkout] = await onBilling<{ status: string }>('SELECT status FROM checkout WHERE id = $1', [
        intent.checkoutId,
      ]);
      assert.equal(checkout?.status, 'PENDING');
    });

    it('acknowledges a signed event of a type it does not handle with 200 and does nothing', async () => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'customer.updated',
        data: { object: { object: 'customer' } },
      });
      expect(await deliver(payload)).toStrictEqual({ status: 200, body: { received: true } });
    });

    it('answers 404 for another customer\u2019s paymentIntentId or checkout, and completes nothing', async () => {
      const intent = await createIntent(ada, newMultiMfa({ name: 'Not yours' }));
      await pay(intent);
      const byIntent = await complete(bobId, { paymentIntentId: intent.id });
      assert.equal(byIntent.status, 404);
      assert.equal(byIntent.body.data && (byIntent.body.data as { code: string }).code, 'PURCHASE_NOT_FOUND');
      const byCheckout = await complete(bobId, { checkoutId: intent.checkoutId });
      assert.equal(byCheckout.status, 404);
      expect(await countsFor(intent.checkoutId)).toStrictEqual({
        payments: 0,
        invoices: 0,
        subscriptions: 0,
        events: 0,
      });
    });

    it('refuses to complete a checkout whose payment has not succeeded, with 409', async () => {
      const intent = await createIntent(ada, newMultiMfa({ name: 'Unpaid' }));
      const { status, body } = await complete(adaId, { paymentIntentId: intent.id });
      assert.equal(status, 409);
      assert.equal(body.message, 'The payment has not been completed');
    });

    it('lets two payments race for a discount\u2019s last use: one completes, the other is refunded with 409', async () => {
      const discountId = await discount({ code: 'LASTONE', value: 20, maxUsage: 1 });
      const first = await createIntent(ada, newMultiMfa({ name: 'Race A', discountId }));
      const second = await createIntent(bob, newMultiMfa({ name: 'Race B', discountId }));
      await pay(first);
      await pay(second);
      const answers = await Promise.all([
        complete(adaId, { paymentIntentId: first.id }),
        complete(bobId, { paymentIntentId: second.id }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toStrictEqual([200, 409]);
      const lost = answers.find((answer) => answer.status === 409);
      assert.equal(
        lost?.body.message,
        'This discount code has been fully used; your payment has been refunded',
      );
      const [row] = await onBilling<{ used_count: number }>('SELECT used_count FROM discount WHERE id = $1', [
        discountId,
      ]);
      assert.equal(row?.used_count, 1);
      const checkouts = await onBilling<{ id: string; status: string; payment_intent_id: string }>(
        'SELECT id, status, payment_intent_id FROM checkout WHERE id = ANY($1) ORDER BY status',
        [[first.checkoutId, second.checkoutId]],
      );
      expect(checkouts.map((checkout) => checkout.status)).toStrictEqual(['COMPLETED', 'REFUNDED']);
      const refunded = checkouts[1];
      assert.ok(refunded);
      const stripeIntent = await stripeGet<{ latest_charge: string }>(
        `/v1/payment_intents/${refunded.payment_intent_id}`,
      );
      const charge = await stripeGet<{ refunded: boolean; amount_refunded: number }>(
        `/v1/charges/${stripeIntent.latest_charge}`,
      );
      expect(charge).toMatchObject({ refunded: true, amount_refunded: 1200 });
      expect(await countsFor(refunded.id)).toStrictEqual({
        payments: 0,
        invoices: 0,
        subscriptions: 0,
        events: 0,
      });
      const retried = await complete(refunded.id === first.checkoutId ? adaId : bobId, {
        paymentIntentId: refunded.payment_intent_id,
      });
      assert.equal(retried.status, 409);
    });

    it('completes a 100% discount without Stripe: no intent, nothing paid, a PAID invoice of $0', async () => {
      const discountId = await discount({ code: 'ALLFREE', value: 100 });
      const intent = await createIntent(ada, {
        MFAType: 'RoboMFA',
        planId: 4,
        name: 'Bot',
        countryId: 1,
        discountId,
      });
      expect([
        intent.requiresPayment,
        intent.id,
        intent.clientSecret,
        intent.amount,
        intent.payableAmount,
      ]).toStrictEqual([false, null, null, 0, 0]);
      const { status, body } = await complete(adaId, { checkoutId: intent.checkoutId });
      assert.equal(status, 200);
      expect([body.paymentIntentId, body.amountPaidCents]).toStrictEqual([null, 0]);
      expect(await countsFor(intent.checkoutId)).toStrictEqual({
        payments: 0,
        invoices: 1,
        subscriptions: 1,
        events: 1,
      });
    });

    it('upgrades only the caller\u2019s own MultiMFA: another customer\u2019s answers 404', async () => {
      const intent = await createIntent(ada, newMultiMfa({ name: 'To upgrade', planId: BASIC }));
      await pay(intent);
      const bought = await complete(adaId, { paymentIntentId: intent.id });
      assert.equal(bought.status, 200);
      const stolen = await bob.call('POST', '/api/auth/create-intent', {
        MFAType: 'MultiMFA',
        planId: PROFESSIONAL,
        upgradeMultiMFAId: bought.body.mfaId,
      });
      assert.equal(stolen.status, 404);
      const stolenQuote = await bob.call('POST', '/api/plan/quote', {
        MFAType: 'MultiMFA',
        planId: PROFESSIONAL,
        upgradeMultiMFAId: bought.body.mfaId,
      });
      expect([stolenQuote.status, stolenQuote.body]).toStrictEqual([
        404,
        { isError: true, message: 'No such MultiMFA of yours', data: { code: 'MFA_NOT_FOUND' } },
      ]);
      const upgrade = await createIntent(ada, {
        MFAType: 'MultiMFA',
        planId: PROFESSIONAL,
        upgradeMultiMFAId: bought.body.mfaId,
      });
      await pay(upgrade);
      const upgraded = await complete(adaId, { paymentIntentId: upgrade.id });
      assert.equal(upgraded.status, 200);
      expect([upgraded.body.action, upgraded.body.mfaId, upgraded.body.subscriptionId]).toStrictEqual([
        'UPGRADE',
        bought.body.mfaId,
        bought.body.subscriptionId,
      ]);
      const [subscription] = await onBilling<{ plan_id: number; no_of_users: number }>(
        'SELECT plan_id, no_of_users FROM subscription WHERE mfa_id = $1',
        [bought.body.mfaId],
      );
      expect(subscription).toStrictEqual({ plan_id: PROFESSIONAL, no_of_users: 5 });
    });
  });

  it('answered every successful call above in its endpoint\u2019s documented response schema', () => {
    const checked = assertAnswersMatchContract();
    assert.ok(checked.has('applyDiscount'));
    assert.ok(checked.has('createIntent'));
  });
});
