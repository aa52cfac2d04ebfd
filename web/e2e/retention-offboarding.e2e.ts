// Retention and offboarding on the detail pages (issue 37 items 4 and 5): the owner sets how long a
// MultiMFA's and a RoboMFA's texts keep their bodies and codes (1 to 90 days, refused otherwise), the
// privacy page states it, and removing a member shows the owner's offboarding report on the MultiMFA's
// page and e-mails it. Both MFAs are bought through the API with the demo data's 100% code.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  type ApiClient,
  createUser,
  sandbox,
  signedInApi,
  signInThroughUi,
} from '../../testing/e2e-support/accounts.ts';
import { keepScreen, useBrowser } from '../../testing/e2e-support/browser.ts';

/** Letters only: names hold letters only. */
const tag = () =>
  randomBytes(3)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)));
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** Buys the cheapest plan of the kind with the 100% code; answers the new MFA's id. */
async function freeMfa(api: ApiClient, kind: 'MultiMFA' | 'RoboMFA', name: string): Promise<string> {
  const { plans } = (await api.get(
    kind === 'MultiMFA' ? '/api/plan/list' : '/api/plan/list-robomfa-plans',
  )) as { plans: Array<{ planId: number; noOfUsers: number }> };
  const plan = [...plans].sort((a, b) => a.noOfUsers - b.noOfUsers)[0];
  assert.ok(plan, `a ${kind} plan`);
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{ multiMFACountryId: number }>;
  const discount = (await api.post('/api/plan/apply-discount', { code: 'FREE100', planId: plan.planId }))
    .data as { discountId: string };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: kind,
      planId: plan.planId,
      name,
      description: 'Bought by the retention e2e',
      countryId: countries[0]?.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (
    await api.post(kind === 'MultiMFA' ? '/api/plan/create' : '/api/robo-mfa/create', {
      stripePayment: { checkout_id: intent.checkoutId },
    })
  ).data as { MFA: { multiMFAId?: string; roboMFAId?: string } };
  const id = created.MFA.multiMFAId ?? created.MFA.roboMFAId;
  assert.ok(id);
  return id;
}

/** On the page's Retention section: types `days`, saves. */
async function saveRetention(page: Page, days: string): Promise<void> {
  const section = page.getByTestId('retention-setting');
  await section.getByLabel('Keep bodies and codes for (days)').fill(days);
  await section.getByRole('button', { name: 'Save retention' }).click();
}

const shownRetention = (page: Page) =>
  page.getByTestId('retention-setting').getByLabel('Keep bodies and codes for (days)').inputValue();

describe('retention and offboarding on the detail pages', () => {
  const browser = useBrowser();

  it('sets the retention on a MultiMFA and a RoboMFA page (30 days first; 91 and 0 refused with the reason and nothing saved; 7 and 90 kept after a reload), and the privacy page states it', async () => {
    const owner = await createUser('retention-owner');
    const api = await signedInApi(owner);
    const team = await freeMfa(api, 'MultiMFA', `Retention team ${tag()}`);
    const robots = await freeMfa(api, 'RoboMFA', `Retention robots ${tag()}`);
    await api.dispose();
    const page = await browser.newPage();
    await signInThroughUi(page, owner);

    for (const [path, heading, days] of [
      [`/details/${team}`, 'MultiMFA Details', '7'],
      [`/robo-mfa/details/${robots}`, 'RoboMFA Details', '90'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page
        .getByTestId('retention-setting')
        .getByText('Sender, time, delivery status and service')
        .waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="retention-setting"] input') as HTMLInputElement | null)
            ?.value === '30',
      );
      for (const refused of ['91', '0']) {
        await saveRetention(page, refused);
        await toast(page, 'Retention must be a whole number of days from 1 to 90').first().waitFor();
      }
      await page.reload();
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="retention-setting"] input') as HTMLInputElement | null)
            ?.value === '30',
      );
      await saveRetention(page, days);
      await toast(page, `Texts now keep their body and code for ${days} day(s)`).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForFunction(
        (expected) =>
          (document.querySelector('[data-testid="retention-setting"] input') as HTMLInputElement | null)
            ?.value === expected,
        days,
      );
      assert.equal(await shownRetention(page), days);
    }

    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const privacy = (await page.getByRole('main').textContent()) ?? '';
    assert.match(
      privacy,
      /30 days by default, or the retention you set for the number on its page \(1 to 90 days\)/,
    );
    assert.match(privacy, /sender, time, delivery status and the service/);
  });

  it('removing a member shows the offboarding report on the MultiMFA page and e-mails it to the owner', async () => {
    const owner = await createUser('offboarding-owner');
    const api = await signedInApi(owner);
    const name = `Offboarding team ${tag()}`;
    const team = await freeMfa(api, 'MultiMFA', name);
    const firstName = `Leaver${tag()}`;
    await api.post('/api/plan/add-member', {
      multiMFAId: team,
      firstName,
      lastName: 'Gone',
      forwardMedium: 'EMAIL',
      email: `${firstName.toLowerCase()}@example.com`,
    });
    await api.dispose();
    const page = await browser.newPage();
    await signInThroughUi(page, owner);
    await page.goto(`/details/${team}`);
    await page.getByRole('heading', { name: 'MultiMFA Details' }).waitFor();
    const reports = page.getByTestId('offboarding-reports');
    await reports.getByText('When you remove a member').waitFor();

    const cursor = await sandbox.cursor();
    const row = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: firstName });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Member deleted successfully').waitFor();

    const report = reports
      .getByTestId('offboarding-report')
      .filter({ hasText: `${firstName} Gone, removed` });
    await report.waitFor({ timeout: 30_000 });
    await report.getByText('nothing to rotate').waitFor();
    const mail = await sandbox.waitForEmail(owner.emailAddress, {
      after: cursor,
      timeoutMs: 30_000,
      match: (entry) => entry.subject === `Offboarding ${firstName} Gone from ${name}: accounts to review`,
    });
    assert.match(mail.text ?? '', new RegExp(`${firstName} Gone was removed from your MultiMFA ${name}`));
    await keepScreen(page, 'multimfa-offboarding-report-and-retention');
  });
});
