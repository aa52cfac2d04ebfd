// Debian's Chromium driven by playwright-core (never a downloaded browser). One browser per test
// file, a fresh context (cookies, storage) per page. A failed test leaves screenshots of its open
// pages in MMFA_E2E_ARTIFACTS; `keepScreen` saves one a test reached, under its `screens` folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const webUrl = process.env.MMFA_E2E_WEB_URL ?? 'http://127.0.0.1:24080';
const artifacts = process.env.MMFA_E2E_ARTIFACTS ?? join(process.cwd(), '.state/test/e2e-artifacts');

const LAUNCH_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

export function useBrowser(): { newPage(): Promise<Page> } {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: LAUNCH_FLAGS,
    });
  });

  afterEach(async () => {
    // set by the e2e tier's Jest environment (scripts/jest/e2e-environment.mjs)
    const failed = (globalThis as { mmfaTestFailed?: boolean }).mmfaTestFailed === true;
    for (const [i, context] of contexts.entries()) {
      if (failed) {
        mkdirSync(artifacts, { recursive: true });
        for (const page of context.pages()) {
          const name = String(expect.getState().currentTestName);
          const file = join(artifacts, `${name.replace(/\W+/g, '-')}-${i}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        }
      }
      await context.close();
    }
    contexts = [];
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage() {
      if (!browser) throw new Error('the browser is not running');
      const context = await browser.newContext({ baseURL: webUrl });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/**
 * Once the route's page shows (its level-1 heading; on / and /login it is in the prerendered HTML),
 * scrolls down a few screens with the mouse wheel, as a visitor reading on does: content
 * that renders as it comes near (the landing page's sections) starts rendering.
 */
export async function scrollDown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, 5000);
}

/**
 * Saves the whole page as the test left it to `<MMFA_E2E_ARTIFACTS>/screens/<name>.png`: what a
 * screen showed at a checked state, for a reader who did not run the test.
 */
export async function keepScreen(page: Page, name: string): Promise<void> {
  const folder = join(artifacts, 'screens');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Whether the element's top edge is within the visible part of the page (for `locator.evaluate`). */
export function inViewport(element: Element): boolean {
  const { top } = element.getBoundingClientRect();
  return top >= 0 && top < window.innerHeight;
}

/**
 * Reads until `settled` holds for the reading, then returns it; after `timeoutMs`, returns the last
 * reading for the caller's assertion to show. What a page or the API shows changes some time after
 * the call that changed it, and reads such as `allInnerTexts` do not wait (playwright-core has no
 * retrying `expect`; that is @playwright/test's).
 */
export async function settledReading<T>(
  read: () => Promise<T>,
  settled: (reading: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reading = await read();
    if (settled(reading) || Date.now() >= deadline) return reading;
    await sleep(100);
  }
}
