import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { customerWithCard } from '../testing/accounts.builder.js';
import { unpaidInvoice } from '../testing/invoices.builder.js';
import { applyPurchase, completedPurchase } from '../testing/purchases.builder.js';
import { Browser, ServiceStack } from '../testing/service-stack.harness.js';

type Answer<T> = { isError: boolean; message: string; data: T };

describe('the last card follows the auto-renewal switch of the detail page (numbers -> billing over Kafka)', () => {
  const stack = new ServiceStack();
  let gatewayUrl: string;
  let numbersUrl: string;
  let countryId: number;

  async function autoRenewalInBilling(mfaId: string): Promise<boolean | undefined> {
    const client = new pg.Client({ connectionString: stack.databases[1] });
    await client.connect();
    try {
      const { rows } = await client.query<{ auto_renewal: boolean }>(
        'SELECT auto_renewal FROM subscription WHERE mfa_id = $1',
        [mfaId],
      );
      return rows[0]?.auto_renewal;
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

  it('refuses to delete the only card while the RoboMFA renews, and allows it once auto-renewal is switched off', async () => {
    const { browser, userId, stripeCustomerId, card } = await customerWithCard(
      stack,
      gatewayUrl,
      'last-card-switch',
    );
    const purchase = completedPurchase({ userId, MFAType: 'RoboMFA', countryId, name: 'Deploy bots' });
    await applyPurchase(numbersUrl, purchase);
    await unpaidInvoice(stack.databases[1] ?? '', { userId, mfaId: purchase.mfaId, autoRenewal: true });
    const path = `/api/credit-card/${stripeCustomerId}/${card.id}`;

    const refused = await browser.call<Answer<null>>('DELETE', path);
    expect([refused.status, refused.body.message]).toStrictEqual([
      409,
      'You must keep atleast 1 card for payment',
    ]);

    const saved = await browser.call('PUT', `/api/robo-mfa/update/${purchase.mfaId}`, {
      name: 'Deploy bots',
      description: '',
      autoRenewal: false,
    });
    assert.equal(saved.status, 200);
    let renews = await autoRenewalInBilling(purchase.mfaId);
    for (let attempt = 0; attempt < 100 && renews !== false; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      renews = await autoRenewalInBilling(purchase.mfaId);
    }
    assert.equal(renews, false);

    const deleted = await browser.call<Answer<null>>('DELETE', path);
    expect([deleted.status, deleted.body.message]).toStrictEqual([200, 'Card deleted successfully']);
  });
});
