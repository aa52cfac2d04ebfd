// Issue 36 item 8: every page opens with a "Skip to main content" link. Tab from a fresh page load
// reaches it first; Enter moves the focus into the page's main region, past the navigation.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createUser, submitSignIn, waitForPath } from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };

/** Loads `path` afresh, presses Tab, then Enter, and checks where the focus went each time. */
async function skipsToMain(page: Page, path: string, heading: string, tabOn = true): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  // The page's data too (the plans' buttons are what a Tab inside /pricing's main reaches).
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => ({
    text: document.activeElement?.textContent,
    visible: (() => {
      const box = document.activeElement?.getBoundingClientRect();
      return box !== undefined && box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    })(),
  }));
  assert.deepEqual(
    first,
    { text: 'Skip to main content', visible: true },
    `${path}: Tab reaches the skip link, shown`,
  );

  await page.keyboard.press('Enter');
  const after = await page.evaluate(() => ({
    inMain: document.activeElement?.closest('main') !== null,
    id: document.activeElement?.id,
  }));
  assert.deepEqual(after, { inMain: true, id: 'main-content' }, `${path}: Enter moves the focus into main`);
  assert.equal(new URL(page.url()).pathname, path, 'the page stays where it was');

  if (!tabOn) return;
  // The next Tab goes on inside the page, not back to the navigation bar.
  await page.keyboard.press('Tab');
  assert.equal(
    await page.evaluate(() => document.activeElement?.closest('main') !== null),
    true,
    `${path}: the Tab after the skip goes on inside main`,
  );
}

describe('the skip link', () => {
  const browser = useBrowser();

  it('on a public page (/pricing) Tab from load focuses "Skip to main content" and Enter moves the focus into main', async () => {
    await skipsToMain(await browser.newPage(), '/pricing', 'Pricing');
  });

  it('on a signed-in customer page (/dashboard) Tab from load focuses the skip link and Enter moves the focus into main', async () => {
    const user = await createUser('skip-link');
    const page = await browser.newPage();
    await page.goto('/login');
    await submitSignIn(page, user.emailAddress, user.password);
    await waitForPath(page, '/dashboard');
    await skipsToMain(page, '/dashboard', 'Dashboard');
  });

  it('on an admin page (/admin/dashboard) Tab from load focuses the skip link and Enter moves the focus into main', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await submitSignIn(page, ADMIN.emailAddress, ADMIN.password);
    await waitForPath(page, '/admin/dashboard');
    await skipsToMain(page, '/admin/dashboard', 'Dashboard', false);
  });
});
