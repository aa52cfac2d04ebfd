// The plan catalogue and the two pricing pages (issue 11; customer-area spec sections 2 Pricing, 4 and 7):
// plan cards with name, description, price per month and features from billing's catalogue; the plan
// of the MultiMFA being upgraded as the disabled "Current Plan - $price"; choosing a plan stores it in
// the session ("state" in localStorage) and goes on to /payment.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import {
  createUser,
  pathOf,
  signInThroughUi,
  type TestUser,
  waitForPath,
} from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const card = (page: Page, planName: string) =>
  page.getByTestId('plan-list').getByRole('article', { name: planName, exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** The session as the app stored it under "state". */
async function storedSession(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}'));
}

/** Each card's name, price line and button, in the order shown. */
async function cardsShown(page: Page): Promise<string[][]> {
  await page.getByTestId('plan-list').waitFor();
  const cards = page.getByTestId('plan-list').getByRole('article');
  const shown: string[][] = [];
  for (const one of await cards.all()) {
    shown.push([
      (await one.getByRole('heading').textContent()) ?? '',
      (await one.getByText('/ month').locator('..').textContent()) ?? '',
      (await one.getByRole('button').textContent()) ?? '',
    ]);
  }
  return shown;
}

const featuresOf = async (page: Page, planName: string) =>
  card(page, planName)
    .getByRole('list', { name: `${planName} features` })
    .getByRole('listitem')
    .allTextContents();

describe('plans: the pricing pages and choosing a plan', () => {
  const browser = useBrowser();
  let customer: TestUser | undefined;

  /** One verified customer serves every test of this file: the pages only read the catalogue. */
  async function signedInPage(): Promise<Page> {
    customer ??= await createUser('plans');
    const page = await browser.newPage();
    await signInThroughUi(page, customer);
    return page;
  }

  it('shows a signed-in customer the three MultiMFA plans; "Start Now - $15" stores Professional and opens /payment', async () => {
    const page = await signedInPage();
    await page.goto('/pricing');
    expect(await cardsShown(page)).toStrictEqual([
      ['Basic', '$5/ month', 'Start Now - $5'],
      ['Professional', '$15/ month', 'Start Now - $15'],
      ['Enterprise', '$25/ month', 'Start Now - $25'],
    ]);
    await card(page, 'Professional')
      .getByText('For a growing team with more people on each sign-in.')
      .waitFor();
    expect(await featuresOf(page, 'Professional')).toStrictEqual([
      'Up to 5 users per shared number',
      'One shared number',
      'Extra numbers $15 per month',
      'Up to 500 texts per month',
      'Extra texts $0.02 each',
      'Codes forwarded by e-mail, SMS or both',
      'Members join by invitation',
    ]);
    expect((await featuresOf(page, 'Enterprise')).slice(0, 4)).toStrictEqual([
      'Up to 15 users per shared number',
      'One shared number',
      'Extra numbers $25 per month',
      'Up to 2,000 texts per month',
    ]);

    await button(card(page, 'Professional'), 'Start Now - $15').click();
    await waitForPath(page, '/payment');
    const { plan } = await storedSession(page);
    expect(plan).toMatchObject({ planName: 'Professional', basePrice: 15, noOfUsers: 5 });
  });

  it('shows the three RoboMFA plans with their bot limits; "Start Now - $25" stores Enterprise and opens /payment', async () => {
    const page = await signedInPage();
    await page.goto('/pricing-robomfa');
    expect(await cardsShown(page)).toStrictEqual([
      ['Basic', '$5/ month', 'Start Now - $5'],
      ['Professional', '$15/ month', 'Start Now - $15'],
      ['Enterprise', '$25/ month', 'Start Now - $25'],
    ]);
    expect((await featuresOf(page, 'Basic'))[0]).toBe('1 bot with its own API key');
    expect(await featuresOf(page, 'Enterprise')).toStrictEqual([
      'Up to 15 bots, each with its own API key',
      'One shared number',
      'Extra numbers $25 per month',
      'Up to 2,000 texts per month',
      'Extra texts $0.02 each',
      'Bots read or wait for codes over HTTP',
    ]);

    await button(card(page, 'Enterprise'), 'Start Now - $25').click();
    await waitForPath(page, '/payment');
    const { plan } = await storedSession(page);
    expect(plan).toMatchObject({ planName: 'Enterprise', basePrice: 25, noOfUsers: 15 });
  });

  it('marks the plan of the MultiMFA being upgraded (the session\u2019s upgrade) as the disabled "Current Plan - $15"', async () => {
    const page = await signedInPage();
    const plans = page.waitForResponse((response) => response.url().endsWith('/api/plan/list'));
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/auth/session'));
    await page.goto('/pricing');
    const body = (await (await plans).json()) as {
      data: { plans: Array<{ planId: number; planName: string }> };
    };
    await refreshed;
    // The refreshed session is written to storage once the page has handled it: let it settle first,
    // or that write would replace what the second tab writes below.
    await page.waitForLoadState('networkidle');
    const professional = body.data.plans.find((plan) => plan.planName === 'Professional');
    assert.ok(professional);

    // What the MultiMFA detail page leaves when its seats run out: upgrade holds that MultiMFA's id, and
    // the session's MFAs carry its plan. Written from a second tab, which the first follows.
    const other = await page.context().newPage();
    await other.goto('/favicon.svg');
    await other.evaluate((planId) => {
      const state = JSON.parse(localStorage.getItem('state') ?? '{}');
      state.upgrade = '9001';
      state.MFAs = [{ multiMFAId: 9001, plans: { planId } }];
      localStorage.setItem('state', JSON.stringify(state));
    }, professional.planId);

    const current = button(card(page, 'Professional'), 'Current Plan - $15');
    await current.waitFor();
    assert.equal(await current.isDisabled(), true);
    assert.equal(await button(card(page, 'Basic'), 'Start Now - $5').isEnabled(), true);
    assert.equal(await button(card(page, 'Enterprise'), 'Start Now - $25').isEnabled(), true);
    await button(card(page, 'Enterprise'), 'Start Now - $25').click();
    await waitForPath(page, '/payment');
    expect((await storedSession(page)).plan).toMatchObject({ planName: 'Enterprise', basePrice: 25 });
  });

  it('shows an anonymous visitor the MultiMFA plans on /pricing, and sends them from /pricing-robomfa to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/pricing');
    expect((await cardsShown(page)).map(([name]) => name)).toStrictEqual([
      'Basic',
      'Professional',
      'Enterprise',
    ]);
    await page.goto('/pricing-robomfa');
    await waitForPath(page, '/login');
    assert.equal(pathOf(page), '/login');
  });
});
