// The sign-in screen's first load (/ and /login): the build prerenders it into sign-in.html
// (web/vite.config.ts, src/app/sign-in.prerender.tsx), the browser paints it before any script runs,
// and the app hydrates it (src/main.tsx): React takes over the elements already there. Its form takes
// no input until then. Any other address (a query string, a signed-in visitor) renders anew.
import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { useBrowser, webUrl } from '../../testing/e2e-support/browser.ts';

const HEADLINE = 'Streamline your authentication process with our solution';

/** The page's console errors and uncaught exceptions, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Keeps the headline element and the form's state as the HTML parser left them, before any script. */
async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const marks = window as unknown as { firstHeadline?: Element | null; formDisabledAtFirst?: boolean };
      marks.firstHeadline = document.querySelector('h1');
      marks.formDisabledAtFirst = document.querySelector('fieldset')?.hasAttribute('disabled');
    });
  });
}

const sameHeadline = (page: Page) =>
  page.evaluate(
    () => document.querySelector('h1') === (window as unknown as { firstHeadline?: Element }).firstHeadline,
  );

describe('the sign-in screen: prerendered, then hydrated', () => {
  const browser = useBrowser();

  it('serves / and /login as the same HTML with the headline, the form and the video poster in it, its fields and buttons disabled', async () => {
    const pages = await Promise.all(
      ['/', '/login'].map(async (path) => {
        const response = await fetch(new URL(path, webUrl));
        assert.equal(response.status, 200);
        return response.text();
      }),
    );
    assert.equal(pages[0], pages[1]);
    const html = pages[0] as string;
    assert.match(html, /<div id="root" data-prerendered>/);
    assert.match(html, new RegExp(`<h1[^>]*>${HEADLINE}</h1>`));
    // The fields and the buttons sit in a disabled fieldset until the app runs.
    assert.match(
      html,
      /<fieldset class="mmfa-form-fieldset" disabled="">(?:(?!<\/fieldset>)[\s\S])*aria-label="Sign in"(?:(?!<\/fieldset>)[\s\S])*Continue with Google/,
    );
    assert.match(html, /placeholder="Please enter your email"/);
    assert.match(html, /placeholder="Please enter your password"/);
    assert.match(html, /src="\/media\/intro-poster\.webp"/);
    // One script, the start script: no part of the page waits for an inline script (the
    // Content-Security-Policy allows none).
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.equal(scripts.length, 1, scripts.join(' '));
    assert.match(scripts[0] ?? '', /^<script type="module" src="\/assets\/sign-in-start-[\w-]+\.js">$/);
  });

  it('hydrates /login: the same elements stay, the form opens for input and answers, nothing is logged as an error', async () => {
    const page = await browser.newPage();
    const errors = errorsOf(page);
    await recordFirstPaint(page);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await page.locator('fieldset:not([disabled])').waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { formDisabledAtFirst?: boolean }).formDisabledAtFirst),
      true,
    );
    assert.equal(
      await sameHeadline(page),
      true,
      'the app replaced the prerendered headline instead of hydrating it',
    );
    // The app's own validation answers: React runs the form.
    await form.getByRole('button', { name: 'Login' }).click();
    await form.getByText('Please provide email address').waitFor();
    await page.getByLabel('Email').fill('someone@example.com');
    assert.equal(await page.getByLabel('Email').inputValue(), 'someone@example.com');
    assert.deepEqual(errors, []);
  });

  it('hydrates /login in a browser without modulepreload: the start script evaluates the scripts without preloading them', async () => {
    const page = await browser.newPage();
    const errors = errorsOf(page);
    await recordFirstPaint(page);
    // As Safari before 17: relList does not support modulepreload, and such a link loads nothing and
    // fires no event (this browser drops it, counting it).
    await page.addInitScript(() => {
      const supports = DOMTokenList.prototype.supports;
      DOMTokenList.prototype.supports = function (token: string) {
        return token === 'modulepreload' ? false : supports.call(this, token);
      };
      const append = Element.prototype.append;
      const marks = window as unknown as { droppedPreloads?: number };
      marks.droppedPreloads = 0;
      Element.prototype.append = function (...nodes: Array<Node | string>) {
        const kept = nodes.filter(
          (node) => !(node instanceof HTMLLinkElement && node.rel === 'modulepreload'),
        );
        marks.droppedPreloads = (marks.droppedPreloads ?? 0) + nodes.length - kept.length;
        append.apply(this, kept);
      };
    });
    await page.goto('/login');
    await page.locator('fieldset:not([disabled])').waitFor();
    assert.equal(await sameHeadline(page), true, 'the app replaced the prerendered headline');
    assert.equal(
      await page.evaluate(() => (window as unknown as { droppedPreloads?: number }).droppedPreloads),
      0,
    );
    await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please provide email address').waitFor();
    assert.deepEqual(errors, []);
  });

  it('renders the screen anew when the address has a query string, which the prerendered screen does not show', async () => {
    const page = await browser.newPage();
    const errors = errorsOf(page);
    await recordFirstPaint(page);
    await page.goto('/login?from=e2e');
    await page.locator('fieldset:not([disabled])').waitFor();
    await page.getByRole('heading', { name: HEADLINE, level: 1 }).waitFor();
    assert.equal(
      await sameHeadline(page),
      false,
      'the prerendered screen was hydrated for an address it does not show',
    );
    assert.deepEqual(errors, []);
  });
});
