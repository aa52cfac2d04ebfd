// Usage on the detail pages (issue 14, item 5): a RoboMFA's detail page shows the texts used this
// period of its plan's allowance, as billing meters them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  type ApiClient,
  createUser,
  signedInApi,
  signInThroughUi,
} from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const DISCOUNT_100 = 'FREE100';

/** Buys a RoboMFA on the cheapest plan with the 100% code; answers its id and the plan's texts per month. */
async function buyRoboMfa(api: ApiClient): Promise<{ roboMFAId: string; textsPerMonth: number }> {
  const { plans } = (await api.get('/api/plan/list-robomfa-plans')) as {
    plans: Array<{ planId: number }>;
  };
  const plan = plans[0];
  assert.ok(plan, 'a RoboMFA plan');
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{ multiMFACountryId: number }>;
  const discount = (await api.post('/api/plan/apply-discount', { code: DISCOUNT_100, planId: plan.planId }))
    .data as { discountId: string };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'RoboMFA',
      planId: plan.planId,
      name: `Usage e2e ${randomBytes(3).toString('hex')}`,
      description: 'Bought by the usage e2e',
      countryId: countries[0]?.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (
    await api.post('/api/robo-mfa/create', { stripePayment: { checkout_id: intent.checkoutId } })
  ).data as { MFA: { roboMFAId: string } };
  const usage = (await api.get(`/api/usage/${created.MFA.roboMFAId}`)) as { textsAllowed: number };
  return { roboMFAId: created.MFA.roboMFAId, textsPerMonth: usage.textsAllowed };
}

describe('usage: the detail page shows the texts used this period of the allowance', () => {
  const browser = useBrowser();

  it('a new RoboMFA shows "Texts used this period: 0 of 100" on its detail page', async () => {
    const owner = await createUser('usage-owner');
    const api = await signedInApi(owner);
    const { roboMFAId, textsPerMonth } = await buyRoboMfa(api);
    await api.dispose();
    expect(textsPerMonth).toBe(100);

    const page = await browser.newPage();
    await signInThroughUi(page, owner);
    await page.goto(`/robo-mfa/details/${roboMFAId}`);
    await page.getByText('Texts used this period: 0 of 100', { exact: true }).waitFor();
    expect(
      await page
        .getByTestId('texts-usage')
        .getByText(/^Until /)
        .count(),
    ).toBe(1);
  });
});
