// RoboMFA detail and bots end to end (issue 12 items 4, 5, 6; customer-area sections 2 RoboMFA detail,
// 5 Create bot, 7, 8): a RoboMFA bought through the API with the demo 100% discount code, its detail
// page (header, Save), bots created up to the plan's limit, a key copied, a bot deleted, and a second
// customer refused (404) on the first one's RoboMFA and bot ids.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  type ApiClient,
  createUser,
  signedInApi,
  signInThroughUi,
  type TestUser,
} from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const DISCOUNT_100 = 'FREE100';
const NO_BOTS = 'There are no records to display. Click on create to add new record.';

interface Detail {
  roboMFAId: string;
  name: string;
  plans: { planName: string; noOfUsers: number };
  bots: Array<{ botId: string; referenceName: string; APIKey: string }>;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const uniqueName = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

/** Buys a RoboMFA on the cheapest plan with the 100% code: apply-discount, create-intent, create. */
async function buyRoboMfa(api: ApiClient, name: string): Promise<{ roboMFAId: string; limit: number }> {
  const { plans } = (await api.get('/api/plan/list-robomfa-plans')) as {
    plans: Array<{ planId: number; noOfUsers: number }>;
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
      name,
      description: 'Bought by the bots e2e',
      countryId: countries[0]?.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string; requiresPayment: boolean };
  assert.equal(intent.requiresPayment, false);
  const created = (
    await api.post('/api/robo-mfa/create', { stripePayment: { checkout_id: intent.checkoutId } })
  ).data as { MFA: { roboMFAId: string } };
  return { roboMFAId: created.MFA.roboMFAId, limit: plan.noOfUsers };
}

/** A call from the signed-in page (its cookies and XSRF header); resolves with the HTTP status. */
function statusFromPage(page: Page, method: string, path: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split('; ')
        .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const response = await fetch(path, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.status;
    },
    { method, path, body },
  );
}

describe('RoboMFA detail: header, bots up to the limit, copy and delete; another customer gets 404', () => {
  const browser = useBrowser();

  async function customerPage(user: TestUser): Promise<Page> {
    const page = await browser.newPage();
    await signInThroughUi(page, user);
    return page;
  }

  it('creates bots up to the plan limit, refuses one more with the limit message, copies a key, keeps a bot whose delete is cancelled and deletes it once confirmed; a second customer gets 404 on every id', async () => {
    const owner = await createUser('bots-owner');
    const ownerApi = await signedInApi(owner);
    const name = uniqueName('Robots');
    let robo: { roboMFAId: string; limit: number };
    let detail: Detail;
    try {
      robo = await buyRoboMfa(ownerApi, name);
    } finally {
      await ownerApi.dispose();
    }

    const page = await customerPage(owner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/robo-mfa/details/${robo.roboMFAId}`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), name);
    await page.getByText('BASIC', { exact: true }).waitFor();
    await page.getByText('ACTIVE', { exact: true }).waitFor();
    await page.getByText(`Can add upto ${robo.limit} bot in current plan`).waitFor();
    await page.getByText(NO_BOTS).waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} renamed`);
    await button(page, 'Save').click();
    await toast(page, 'Changes saved successfully').waitFor();

    await button(page, 'Create').click();
    await page.getByText('Please provide a reference name for the bot').waitFor();
    for (let i = 1; i <= robo.limit; i += 1) {
      await page.getByRole('textbox', { name: 'Bot Name' }).fill(`bot ${i}`);
      await button(page, 'Create').click();
      await page.getByRole('cell', { name: `bot ${i}`, exact: true }).waitFor();
    }
    await page.getByRole('textbox', { name: 'Bot Name' }).fill('one too many');
    await button(page, 'Create').click();
    await toast(page, `Only ${robo.limit} bot allowed as per current plan`).waitFor();

    const reread = await signedInApi(owner);
    try {
      detail = (await reread.get(`/api/robo-mfa/details/${robo.roboMFAId}`)) as Detail;
    } finally {
      await reread.dispose();
    }
    expect(detail.name).toBe(`${name} renamed`);
    expect(detail.bots.map((bot) => bot.referenceName)).toStrictEqual(
      Array.from({ length: robo.limit }, (_, i) => `bot ${i + 1}`),
    );
    const [first] = detail.bots;
    assert.ok(first);
    expect(first.APIKey).toMatch(/^mmfa_bot_[A-Za-z0-9_-]{43}$/);

    await page.getByRole('button', { name: 'Copy API key of bot 1' }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), first.APIKey);

    const intruder = await customerPage(await createUser('bots-intruder'));
    expect([
      await statusFromPage(intruder, 'GET', `/api/robo-mfa/details/${robo.roboMFAId}`),
      await statusFromPage(intruder, 'PUT', `/api/robo-mfa/update/${robo.roboMFAId}`, {
        name: 'Taken',
        description: '',
        autoRenewal: false,
      }),
      await statusFromPage(intruder, 'POST', '/api/robo-mfa/create-bot', {
        roboMFAId: robo.roboMFAId,
        referenceName: 'intruder',
      }),
      await statusFromPage(intruder, 'DELETE', `/api/robo-mfa/remove-bot/${first.botId}`),
    ]).toStrictEqual([404, 404, 404, 404]);
    await intruder.goto(`/robo-mfa/details/${robo.roboMFAId}`);
    await intruder.getByText('RoboMFA not found').waitFor();

    await page.getByRole('button', { name: 'Delete bot 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'bot 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete bot 1' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Bot deleted successfully').waitFor();
    await page.getByRole('cell', { name: 'bot 1', exact: true }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('cell', { name: /^bot \d+$/ }).count(), robo.limit - 1);
    const after = await signedInApi(owner);
    try {
      const left = (await after.get(`/api/robo-mfa/details/${robo.roboMFAId}`)) as Detail;
      expect(left.bots.map((bot) => bot.botId)).toStrictEqual(detail.bots.slice(1).map((bot) => bot.botId));
    } finally {
      await after.dispose();
    }
  });
});
