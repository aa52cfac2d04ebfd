// The public site (issue 17; customer-area sections 1 and 2, spec README): the landing copy word for
// word, the marketing pricing cards from the plan catalogue with the monthly/yearly toggle (yearly is
// 10 x monthly, display only; Professional is shown as Business), the contact form's fields, the
// newsletter box, the legal texts and the four design pages.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { pathOf, waitForTitle } from '../../testing/e2e-support/accounts.ts';
import { inViewport, scrollDown, useBrowser } from '../../testing/e2e-support/browser.ts';

/** Each marketing card's heading and price, in the order shown. */
async function marketingCards(page: Page): Promise<string[][]> {
  const grid = page.getByTestId('marketing-pricing');
  await grid.waitFor();
  const shown: string[][] = [];
  for (const card of await grid.getByRole('article').all()) {
    shown.push([
      (await card.getByRole('heading').textContent()) ?? '',
      (await card.getByTestId('marketing-price').textContent()) ?? '',
    ]);
  }
  return shown;
}

describe('public site: landing, marketing pricing, contact form, legal and design pages', () => {
  const browser = useBrowser();

  it('shows the landing copy word for word at /, with Get Started, Learn More, Get in touch and the closing band', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const heading = (name: string, level: number) => page.getByRole('heading', { name, exact: true, level });
    await heading('Streamline your authentication process with our solution', 1).waitFor();
    await page
      .getByText('Sign up now and experience the convenience of multifactor authentication', { exact: true })
      .waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href'),
      '/signup',
    );
    assert.equal(
      await page.getByRole('link', { name: 'Learn More', exact: true }).getAttribute('href'),
      '#pricing',
    );
    await page.getByRole('link', { name: 'Learn More', exact: true }).click();
    await page.getByTestId('marketing-pricing').waitFor();
    assert.equal(new URL(page.url()).hash, '#pricing');
    assert.ok(
      await page.locator('#pricing').evaluate(inViewport),
      'Learn More scrolls to the pricing section',
    );
    await heading('Get in touch', 2).waitFor();
    await page.getByText('Create an account and choose your preferred plan', { exact: true }).waitFor();
    await heading('Streamline your MFA experience', 2).waitFor();
    await page
      .getByText('Sign up now and unlock the power of MFA for your team and robots', { exact: true })
      .waitFor();
    assert.equal(await page.title(), 'MultiMFA');
  });

  it('shows Basic $5/mo, Business $15/mo and Enterprise $25/mo from the catalogue, and 10 x monthly per year with the Yearly toggle', async () => {
    const page = await browser.newPage();
    const plans = page.waitForResponse((response) => response.url().endsWith('/api/plan/list'));
    await page.goto('/');
    await scrollDown(page);
    assert.equal((await plans).status(), 200);
    expect(await marketingCards(page)).toStrictEqual([
      ['Basic', '$5/mo'],
      ['Business', '$15/mo'],
      ['Enterprise', '$25/mo'],
    ]);
    await page.getByTestId('marketing-pricing').scrollIntoViewIfNeeded();
    await page.locator('#pricing label', { hasText: 'Yearly' }).click();
    expect(await marketingCards(page)).toStrictEqual([
      ['Basic', '$50/yr'],
      ['Business', '$150/yr'],
      ['Enterprise', '$250/yr'],
    ]);
    await page.getByText('plans are billed monthly', { exact: false }).waitFor();
  });

  it('has a contact form with Name, Email and Message, their "Please enter your ..." placeholders, and Submit; a blank submit names each field', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await scrollDown(page);
    const form = page.getByRole('form', { name: 'Contact us' });
    const placeholders = await Promise.all(
      ['Name', 'Email', 'Message'].map((label) =>
        form.getByLabel(label, { exact: true }).getAttribute('placeholder'),
      ),
    );
    expect(placeholders).toStrictEqual([
      'Please enter your name',
      'Please enter your email',
      'Please enter your message',
    ]);
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await form
      .getByText('Please enter your name', { exact: true })
      .and(form.locator('.mantine-InputWrapper-error'))
      .waitFor();
    await form
      .getByText('Please enter your message', { exact: true })
      .and(form.locator('.mantine-InputWrapper-error'))
      .waitFor();
    await form.getByText('Please provide email address', { exact: true }).waitFor();
  });

  it('carries the address typed in the newsletter box to the waitlist page', async () => {
    const page = await browser.newPage();
    await page.goto('/design-main');
    const box = page.getByRole('form', { name: 'Newsletter' });
    await box.getByLabel('Email', { exact: true }).fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL('**/promotion');
    const state = await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr);
    expect(state).toStrictEqual({ emailAddress: 'reader@example.com' });
  });

  it('shows the terms and the privacy policy as text naming the providers, the retention and how to delete an account', async () => {
    const page = await browser.newPage();
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    const privacy = (await page.getByRole('main').textContent()) ?? '';
    for (const provider of ['Stripe', 'Twilio', 'SendGrid', 'Google'])
      assert.match(privacy, new RegExp(provider));
    assert.match(privacy, /How long we keep it/);
    assert.match(privacy, /To delete your account/);
    await waitForTitle(page, 'MultiMFA - Privacy');
    assert.equal(await page.title(), 'MultiMFA - Privacy');

    await page.goto('/terms');
    await page.getByRole('heading', { name: 'Terms & Conditions', level: 1 }).waitFor();
    assert.match((await page.getByRole('main').textContent()) ?? '', /billed monthly in US dollars/);
    assert.equal(await page.getByTestId('not-built-yet').count(), 0);
  });

  it('serves the four design pages to a visitor without signing in', async () => {
    const page = await browser.newPage();
    const expected: Array<[string, string]> = [
      ['/design-home', 'Streamline your authentication process with our solution'],
      ['/design-main', 'Shared numbers for multi-factor authentication'],
      ['/design-product', 'Our products'],
      ['/design-contact', 'Contact'],
    ];
    for (const [path, title] of expected) {
      await page.goto(path);
      await page.getByRole('heading', { name: title, exact: true, level: 1 }).waitFor();
      assert.equal(pathOf(page), path);
      assert.equal(await page.getByTestId('not-built-yet').count(), 0);
    }
  });
});
