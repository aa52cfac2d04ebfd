import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InvoiceEntry, MultiMfa, SavedCard } from '@multimfa/api-contract';
import { renewalsAt } from '@multimfa/billing/testing';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { FixedClock } from '@multimfa/service-runtime';
import pg from 'pg';
import {
  customerWithCard,
  email,
  sessionStripeCustomerId,
  signUpBody,
  verifyEmail,
} from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

const DAY = 86_400_000;

describe('renewals through the whole stack (billing -> numbers and messaging over Kafka; Stripe and SendGrid in the sandbox; the clock moved)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let countryId: number;
  let inbox: SandboxClient;

  /** The billing subscription of the MFA numbers holds, its next payment date `due`. */
  async function subscription(input: {
    id: string;
    userId: string;
    mfaId: string;
    due: Date;
  }): Promise<void> {
    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO subscription (id, user_id, mfa_id, mfa_type, plan_id, plan_name, base_price_cents,
           no_of_users, status, period_start, next_payment_date, auto_renewal)
         VALUES ($1, $2, $3, 'MultiMFA', 1, 'Basic', 500, 2, 'ACTIVE', $4, $5, true)`,
        [input.id, input.userId, input.mfaId, new Date(input.due.getTime() - 31 * DAY), input.due],
      );
    } finally {
      await client.end();
    }
  }

  async function multiMfa(browser: Browser, mfaId: string): Promise<MultiMfa | undefined> {
    const list = await browser.call<Answer<{ list: MultiMfa[] }>>('GET', '/api/plan/list-multimfa');
    return list.body.data.list.find((mfa) => mfa.multiMFAId === mfaId);
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.fail(`${what} did not happen`);
  }

  beforeAll(async () => {
    await stack.start();
    await stack.startMessaging();
    numbersUrl = (await stack.startNumbers()).url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    const countries = await new Browser(gatewayUrl).call<Answer<Array<{ multiMFACountryId: number }>>>(
      'GET',
      '/api/plan/getMFACountries',
    );
    countryId = countries.body.data[0]?.multiMFACountryId ?? 0;
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    await stack.stop();
  });

  it('the card that paid the purchase is saved as the default card, and pays the renewal a month later: a second PAID invoice charged to it', async () => {
    const browser = new Browser(gatewayUrl);
    const address = email('renewal-paid-card');
    const signUp = await browser.call<Answer<{ userId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(address),
    );
    const { userId } = signUp.body.data;
    await verifyEmail(stack, browser, address);
    const intent = await browser.call<Answer<{ id: string; clientSecret: string }>>(
      'POST',
      '/api/auth/create-intent',
      { MFAType: 'MultiMFA', planId: 1, name: 'Renewing team', description: '', countryId },
    );
    assert.equal(intent.status, 200, JSON.stringify(intent.body));
    // Stripe.js in the browser: the card form confirms the intent with a Mastercard.
    const confirmed = await fetch(`${stack.sandboxUrl}/v1/payment_intents/${intent.body.data.id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer pk_test_multimfa_sandbox',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.body.data.clientSecret,
        payment_method: 'pm_card_mastercard',
        return_url: 'http://127.0.0.1:1/success',
      }).toString(),
    });
    assert.equal(((await confirmed.json()) as { status: string }).status, 'succeeded');
    const created = await browser.call<Answer<{ MFA: MultiMfa }>>('POST', '/api/plan/create', {
      stripePayment: { payment_intent: intent.body.data.id, redirect_status: 'succeeded' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));

    // The first create-intent made the Stripe customer; the session shows it.
    const stripeCustomerId = await sessionStripeCustomerId(browser);
    const cards = await browser.call<Answer<SavedCard[]>>('GET', `/api/credit-card/${stripeCustomerId}`);
    expect(cards.body.data.map((card) => [card.last4, card.isDefault])).toStrictEqual([['4444', true]]);
    const paidCard = cards.body.data[0]?.id;

    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    const [subscription] = (
      await client
        .query('SELECT id, next_payment_date FROM subscription WHERE user_id = $1', [userId])
        .finally(() => client.end())
    ).rows as Array<{ id: string; next_payment_date: Date }>;
    assert.ok(subscription);
    const due = subscription.next_payment_date;
    const billing = stack.apps[1];
    assert.ok(billing);

    expect(await renewalsAt(billing, new FixedClock(due)).renew(subscription.id, due)).toBe('RENEWED');

    const invoices = await browser.call<Answer<InvoiceEntry[]>>('GET', `/api/invoice/${userId}`);
    expect(invoices.body.data.map((invoice) => invoice.invoiceStatus)).toStrictEqual(['PAID', 'PAID']);
    const intents = (await (
      await fetch(`${stack.sandboxUrl}/v1/payment_intents?customer=${stripeCustomerId}`, {
        headers: { authorization: 'Bearer sk_test_multimfa_sandbox' },
      })
    ).json()) as { data: Array<{ status: string; payment_method: string; amount: number }> };
    expect(intents.data.map((charge) => [charge.status, charge.payment_method, charge.amount])).toStrictEqual(
      [
        ['succeeded', paidCard, 500],
        ['succeeded', paidCard, 500],
      ],
    );
  });

  it('card 4000 0000 0000 0341 is declined at the payment date: an UNPAID invoice, the MultiMFA inactive, an e-mail to the customer; paying the invoice with another card makes it active again', async () => {
    const {
      browser,
      emailAddress: address,
      userId,
      stripeCustomerId,
    } = await customerWithCard(stack, gatewayUrl, 'renewal-declined', 'pm_card_chargeCustomerFail');
    const purchase = completedPurchase({ userId, MFAType: 'MultiMFA', countryId });
    await applyPurchase(numbersUrl, purchase);
    const due = new Date(Math.floor((Date.now() + 10 * DAY) / 1000) * 1000);
    await subscription({ id: purchase.subscriptionId, userId, mfaId: purchase.mfaId, due });
    const billing = stack.apps[1];
    assert.ok(billing);

    const outcome = await renewalsAt(billing, new FixedClock(due)).renew(purchase.subscriptionId, due);

    expect(outcome).toBe('PAYMENT_DECLINED');
    const invoices = await browser.call<Answer<InvoiceEntry[]>>('GET', `/api/invoice/${userId}`);
    const unpaid = invoices.body.data.find((invoice) => invoice.invoiceStatus === 'UNPAID');
    expect([unpaid?.invoiceAmount, unpaid?.invoicePaymentDate, unpaid?.invoicePaymentError]).toStrictEqual([
      5,
      null,
      'Your card was declined.',
    ]);
    await eventually(
      async () => (await multiMfa(browser, purchase.mfaId))?.isSubscriptionActive === false,
      'the MultiMFA expiring in numbers',
    );
    const mail = await inbox.waitForEmail(address, {
      timeoutMs: 30_000,
      match: (entry) => entry.subject === 'Your MultiMFA subscription has expired',
    });
    assert.match(mail.text ?? '', new RegExp(`Invoice ${unpaid?.invoiceNo} of \\$5\\.00 is unpaid`));

    const visa = await browser.call<Answer<SavedCard>>('POST', '/api/credit-card', {
      token: 'pm_card_visa',
      stripeCustomerId,
    });
    const paid = await browser.call<Answer<InvoiceEntry[]>>('POST', '/api/invoice', {
      invoiceId: unpaid?.userPaymentInvoiceId,
      stripeCardId: visa.body.data.id,
    });

    expect([
      paid.status,
      paid.body.data.find((invoice) => invoice.invoiceNo === unpaid?.invoiceNo)?.invoiceStatus,
    ]).toStrictEqual([200, 'PAID']);
    await eventually(
      async () => (await multiMfa(browser, purchase.mfaId))?.isSubscriptionActive === true,
      'the MultiMFA reactivated in numbers',
    );
  });
});
