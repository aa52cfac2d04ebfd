import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InvoiceEntry, MultiMfa, SavedCard } from '@multimfa/api-contract';
import { renewalsAt } from '@multimfa/billing/testing';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { FixedClock } from '@multimfa/service-runtime';
import pg from 'pg';
import { email, signUpBody } from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

const DAY = 86_400_000;

describe('a declined renewal through the whole stack (billing -> numbers and messaging over Kafka; Stripe and SendGrid in the sandbox; the clock moved)', () => {
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

  it('card 4000 0000 0000 0341 is declined at the payment date: an UNPAID invoice, the MultiMFA inactive, an e-mail to the customer; paying the invoice with another card makes it active again', async () => {
    const browser = new Browser(gatewayUrl);
    const address = email('renewal-declined');
    const signUp = await browser.call<Answer<{ userId: string; stripeCustomerId: string }>>(
      'POST',
      '/api/auth/signup',
      signUpBody(address),
    );
    const { userId, stripeCustomerId } = signUp.body.data;
    const failing = await browser.call<Answer<SavedCard>>('POST', '/api/credit-card', {
      token: 'pm_card_chargeCustomerFail',
      stripeCustomerId,
    });
    assert.equal(failing.status, 200);
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
