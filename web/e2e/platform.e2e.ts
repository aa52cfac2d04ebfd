import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { waitForTitle } from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

describe('platform: the web app on the running stack', () => {
  const browser = useBrowser();

  it('renders the sign-in page with its title', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await waitForTitle(page, 'MultiMFA - Login');
    assert.equal(await page.title(), 'MultiMFA - Login');
    assert.ok(await page.getByLabel(/email/i).first().isVisible());
  });

  it('shows the 404 page for an unknown path, with a link home', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page');
    await page.getByText('The page you are looking for does not exist').waitFor();
    const home = page.getByRole('link', { name: 'Back to home' });
    assert.equal(await home.getAttribute('href'), '/');
  });

  it('sends an anonymous visitor of a private page to /login', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  it('shows the country list that the numbers service serves through the gateway', async () => {
    const page = await browser.newPage();
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/plan/getMFACountries'));
    await page.goto('/pricing');
    const response = await answer;
    assert.equal(response.status(), 200);
    const body = (await response.json()) as { isError: boolean; data: Array<{ name: string; code: string }> };
    assert.equal(body.isError, false);
    const list = page.getByTestId('country-list');
    await list.getByText('United Kingdom').waitFor();
    assert.equal(await page.getByTestId('country-item').count(), body.data.length);
    assert.match((await list.textContent()) ?? '', /\+44/);
    assert.equal(await page.title(), 'MultiMFA - Pricing');
  });
});
