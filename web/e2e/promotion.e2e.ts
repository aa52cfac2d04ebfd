// The waitlist (/promotion, issue 16 item 5; issue 17's newsletter box) and the Discounts Mailing List
// (/admin/discount-emails, issue 16 item 4): a visitor joins from the landing page's newsletter box,
// confirms with the 6-digit code e-mailed through the sandbox's SendGrid, and the demo administrator
// e-mails them an active discount code.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  codeIn,
  createUser,
  newUser,
  sandbox,
  signedInApi,
  signInThroughUi,
  submitSignIn,
  uniqueTag,
  waitForPath,
} from '../../testing/e2e-support/accounts.ts';
import { scrollDown, useBrowser } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const THANK_YOU = "Thank you for your interest! We'll get back to you";

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** With `reducedMotion` the page asks for reduced motion (prefers-reduced-motion: reduce): no confetti. */
async function joinedWaitlist(page: Page, address: string, reducedMotion = false): Promise<void> {
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await scrollDown(page);
  const box = page.getByRole('form', { name: 'Newsletter' });
  await box.getByLabel('Email', { exact: true }).fill(address);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await waitForPath(page, '/promotion');
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  assert.equal(await form.getByLabel('Email', { exact: true }).inputValue(), address);
  assert.equal(await button(page, 'Submit').isDisabled(), true, 'Submit waits for the agreement');

  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await page.getByRole('dialog', { name: 'Privacy Policy' }).getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Terms & Conditions' }).click();
  await page.getByRole('dialog', { name: 'Terms & Conditions' }).getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  const cursor = await sandbox.cursor();
  await button(page, 'Submit').click();
  const modal = page.getByRole('dialog', { name: 'Email Verification' });
  await modal.waitFor();
  const mail = await sandbox.waitForEmail(address, {
    after: cursor,
    timeoutMs: 20_000,
    match: (entry) => entry.subject === 'Your MultiMFA waitlist code',
  });
  const code = codeIn(mail);

  const input = modal.getByLabel('Verification code', { exact: true });
  await input.fill(code.slice(0, 5));
  assert.equal(
    await modal.getByRole('button', { name: 'Verify' }).isDisabled(),
    true,
    'Verify waits for 6 digits',
  );
  await input.fill(code === '000000' ? '000001' : '000000');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await toast(page, 'The code is not correct, or it has expired').waitFor();
  await input.fill(code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await toast(page, THANK_YOU).waitFor();
  if (reducedMotion) {
    // The confetti would be on screen for 2 s from the thank-you: none appears in that time.
    const appeared = await page
      .locator('canvas')
      .waitFor({ timeout: 2_500 })
      .then(() => true)
      .catch(() => false);
    assert.equal(appeared, false, 'no confetti when the system asks for reduced motion');
    return;
  }
  await page.locator('canvas').waitFor();
  await page.locator('canvas').waitFor({ state: 'detached', timeout: 5_000 });
}

describe('the waitlist and the Discounts Mailing List', () => {
  const browser = useBrowser();

  it('a visitor joins from the newsletter box, sees both legal modals, confirms the e-mailed code (a wrong one refused), and gets the thank-you with confetti', async () => {
    const page = await browser.newPage();
    await joinedWaitlist(page, `waitlist-${uniqueTag()}@example.com`);
  });

  it('a visitor whose system asks for reduced motion gets the thank-you without confetti', async () => {
    const page = await browser.newPage();
    await joinedWaitlist(page, `waitlist-still-${uniqueTag()}@example.com`, true);
  });

  it('a confirmed waitlist address that signs up sees "Waitlist offer: 20% off" on its first MultiMFA\'s payment page: $3.00 off, Pay $12.00', async () => {
    const user = newUser('waitlist-buyer');
    await joinedWaitlist(await browser.newPage(), user.emailAddress);
    await createUser('waitlist-buyer', { user });

    const page = await browser.newPage();
    await signInThroughUi(page, user);
    await page.goto('/dashboard');
    await button(page, 'Create MFA').click();
    await page.getByRole('menuitem', { name: 'MultiMFA', exact: true }).click();
    await waitForPath(page, '/dashboard/add');
    await page.getByRole('textbox', { name: 'Name' }).fill(`Waitlist ${uniqueTag()}`);
    await page.getByRole('combobox', { name: 'Country' }).fill('Sweden');
    await page.getByRole('option', { name: 'Sweden (+46)' }).click();
    await button(page, 'Create').click();
    await waitForPath(page, '/pricing');
    await button(page, 'Start Now - $15').click();
    await waitForPath(page, '/payment');

    // identity's confirmation reaches billing through Kafka: the page quotes the offer once it is there.
    for (
      let attempt = 0;
      attempt < 20 && !(await page.getByText('Waitlist offer: 20% off').isVisible());
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (attempt % 5 === 4) await page.reload();
    }
    await page.getByText('Waitlist offer: 20% off').waitFor();
    assert.equal(await page.locator('dl:has(> dt:text-is("Discount")) > dd').textContent(), '-$3.00');
    await button(page, 'Pay $12.00').waitFor();
  });

  it('the waitlist page shows the intro video as its poster behind a play button; pressing play opens the player, focused, with the poster and English captions; its files are served', async () => {
    const page = await browser.newPage();
    await page.goto('/promotion');
    const play = page.getByRole('button', {
      name: 'Play the video: MultiMFA in one minute: a tour of the product',
    });
    assert.equal(await play.locator('img').getAttribute('src'), '/media/intro-poster.webp');
    assert.equal(await page.locator('video').count(), 0, 'no player before play is pressed');
    await play.click();
    const video = page.locator('video[aria-label="MultiMFA in one minute: a tour of the product"]');
    await video.waitFor();
    assert.equal(await video.evaluate((element) => element === document.activeElement), true);
    assert.equal(await video.getAttribute('poster'), '/media/intro-poster.webp');
    const captions = video.locator('track[kind="captions"][srclang="en"]');
    assert.equal(await captions.count(), 1);
    for (const [path, type] of [
      ['/media/intro.webm', 'video/webm'],
      ['/media/intro-poster.webp', 'image/webp'],
      [(await captions.getAttribute('src')) ?? '', 'text/vtt'],
    ]) {
      const answer = await page.request.get(path);
      assert.equal(answer.status(), 200, path);
      assert.match(answer.headers()['content-type'] ?? '', new RegExp(type), path);
    }
  });

  it("the administrator e-mails an active code to a selected prospect, after the spec's two refusals", async () => {
    const visitor = await browser.newPage();
    const address = `prospect-${uniqueTag()}@example.com`;
    await joinedWaitlist(visitor, address);

    const code = `MAIL${randomBytes(3).toString('hex').toUpperCase()}`;
    const api = await signedInApi(ADMIN);
    await api.post('/api/admin/discounts', {
      code,
      discountType: 'PERCENTAGE',
      value: 20,
      maxNoUsage: 50,
      expiryDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    await api.dispose();

    const page = await browser.newPage();
    await page.goto('/login');
    await submitSignIn(page, ADMIN.emailAddress, ADMIN.password);
    await waitForPath(page, '/admin/dashboard');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Discounts Mailing List' })
      .click();
    await waitForPath(page, '/admin/discount-emails');
    await page.getByRole('heading', { name: 'Discounts Mailing List', level: 1 }).waitFor();

    await button(page, 'Send Email').click();
    await toast(page, 'Please select discount code').waitFor();
    await page.getByLabel('Discount code', { exact: true }).selectOption(code);
    await button(page, 'Send Email').click();
    await toast(page, 'Please select atleast one entry').waitFor();

    await page.getByRole('checkbox', { name: `Select ${address}` }).check();
    const cursor = await sandbox.cursor();
    await button(page, 'Send Email').click();
    await toast(page, 'Emails will be sent to selected addresses').waitFor();
    const offer = await sandbox.waitForEmail(address, {
      after: cursor,
      timeoutMs: 20_000,
      match: (entry) => entry.subject === 'Your MultiMFA discount: 20% off',
    });
    assert.match(offer.text ?? '', new RegExp(`^\\s*${code}\\s*$`, 'm'));
    assert.match(offer.html ?? '', /Unsubscribe from MultiMFA offers/);
  });
});
