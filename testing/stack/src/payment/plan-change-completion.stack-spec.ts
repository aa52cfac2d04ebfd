import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MultiMfa } from '@multimfa/api-contract';
import pg from 'pg';
import { verifiedCustomer } from '../testing/accounts.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };
type Intent = { id: string; clientSecret: string };

const BASIC = 1;
const PROFESSIONAL = 2;

describe('completing a plan change through the gateway (real billing and numbers; Stripe in the sandbox)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let countryId: number;

  async function createIntent(browser: Browser, body: Record<string, unknown>): Promise<Intent> {
    const answer = await browser.call<Answer<Intent>>('POST', '/api/auth/create-intent', body);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data;
  }

  /** Stripe.js in the browser: the card form confirms the intent. */
  async function pay(intent: Intent): Promise<void> {
    const confirmed = await fetch(`${stack.sandboxUrl}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer pk_test_multimfa_sandbox',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.clientSecret,
        payment_method: 'pm_card_visa',
        return_url: 'http://127.0.0.1:1/success',
      }).toString(),
    });
    assert.equal(((await confirmed.json()) as { status: string }).status, 'succeeded');
  }

  /** The plan billing holds for the MFA's subscription. */
  async function planOf(mfaId: string): Promise<number | undefined> {
    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT plan_id FROM subscription WHERE mfa_id = $1', [mfaId]);
      return rows[0]?.plan_id;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await stack.start();
    numbersUrl = (await stack.startNumbers()).url;
    gatewayUrl = (await stack.gateway({ NUMBERS_URL: numbersUrl })).url;
    const countries = await new Browser(gatewayUrl).call<Answer<Array<{ multiMFACountryId: number }>>>(
      'GET',
      '/api/plan/getMFACountries',
    );
    countryId = countries.body.data[0]?.multiMFACountryId ?? 0;
  });

  afterAll(async () => {
    await stack.stop();
  });

  it("answers 404 to plan/update naming another customer's MultiMFA, changing no plan; naming the caller's own, the paid change applies", async () => {
    const ada = await verifiedCustomer(stack, gatewayUrl, 'plan-change-owner');
    const bob = await verifiedCustomer(stack, gatewayUrl, 'plan-change-other');
    const bobsTeam = await applyPurchase(
      numbersUrl,
      completedPurchase({ userId: bob.userId, MFAType: 'MultiMFA', countryId }),
    );

    const basic = await createIntent(ada.browser, {
      MFAType: 'MultiMFA',
      planId: BASIC,
      name: 'Ops team',
      description: '',
      countryId,
    });
    await pay(basic);
    const created = await ada.browser.call<Answer<{ MFA: MultiMfa }>>('POST', '/api/plan/create', {
      stripePayment: { payment_intent: basic.id, redirect_status: 'succeeded' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const adasTeam = created.body.data.MFA.multiMFAId;

    const change = await createIntent(ada.browser, {
      MFAType: 'MultiMFA',
      planId: PROFESSIONAL,
      upgradeMultiMFAId: adasTeam,
    });
    await pay(change);
    const stripePayment = { payment_intent: change.id, redirect_status: 'succeeded' };
    const foreign = await ada.browser.call('POST', '/api/plan/update', {
      multiMFAId: bobsTeam.mfaId,
      planid: PROFESSIONAL,
      stripePayment,
    });
    expect([foreign.status, foreign.body]).toStrictEqual([
      404,
      { isError: true, message: 'MFA not found', data: { code: 'MFA_NOT_FOUND' } },
    ]);
    expect([await planOf(adasTeam), await planOf(bobsTeam.mfaId)]).toStrictEqual([BASIC, undefined]);

    const own = await ada.browser.call('POST', '/api/plan/update', {
      multiMFAId: adasTeam,
      planid: PROFESSIONAL,
      stripePayment,
    });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(await planOf(adasTeam), PROFESSIONAL);
  });
});
