// The public site's budgets (issue 17): the sign-in route's initial JavaScript at most 170 KB gzipped,
// measured on the build the stack serves (Vite's manifest: the entry, the sign-in route's chunk and
// everything they import statically); axe finds no serious or critical violation on the public pages
// and the signed-in pages built so far. Lighthouse's scores are the lighthouse tier's
// (web/lighthouse/public-site.lighthouse.ts): it measures the build with nothing else running.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createUser, signInThroughUi, type TestUser } from '../../testing/e2e-support/accounts.ts';
import { scrollDown, useBrowser } from '../../testing/e2e-support/browser.ts';

const INITIAL_JS_BUDGET_BYTES = 170 * 1024;
const dist = join(import.meta.dirname, '..', 'dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The files the browser loads before the sign-in route renders, with their gzipped sizes. */
function signInInitialJavaScript(): Array<{ file: string; gzipped: number }> {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const keys = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/pages/public/sign-in.page.tsx');
  return [...keys].map((key) => {
    const file = (manifest[key] as ManifestChunk).file;
    return { file, gzipped: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length };
  });
}

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/pricing',
  '/terms',
  '/privacy',
  '/promotion',
  '/design-home',
  '/design-main',
  '/design-product',
  '/design-contact',
  '/no-such-page',
];
const SIGNED_IN_PAGES = ['/dashboard', '/profile', '/change-password', '/pricing', '/pricing-robomfa'];

/** The serious and critical axe violations of the page as shown, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Waits for the route's page (not the loading screen) and for the data it fetches; on the landing
 * page, scrolls down first and waits for its last section, so axe checks the sections that render as
 * the visitor comes near them.
 */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (path === '/') {
    await scrollDown(page);
    await page.getByRole('heading', { name: 'Streamline your MFA experience', level: 2 }).waitFor();
  }
  await page.waitForLoadState('networkidle');
}

describe('budgets: bundle size, accessibility and Lighthouse scores of the public site', () => {
  const browser = useBrowser();

  it('loads at most 170 KB of gzipped JavaScript before the sign-in route renders', () => {
    const files = signInInitialJavaScript();
    const total = files.reduce((sum, file) => sum + file.gzipped, 0);
    assert.ok(
      total <= INITIAL_JS_BUDGET_BYTES,
      `${(total / 1024).toFixed(1)} KB gzipped: ${files.map((f) => `${f.file} ${f.gzipped}`).join(', ')}`,
    );
  });

  it('finds no serious or critical axe violation on any public page', async () => {
    const page = await browser.newPage();
    const found: Record<string, string[]> = {};
    for (const path of PUBLIC_PAGES) {
      await settle(page, path);
      found[path] = await seriousViolations(page);
    }
    await page.close();
    expect(found).toStrictEqual(Object.fromEntries(PUBLIC_PAGES.map((path) => [path, []])));
  });

  it('finds no serious or critical axe violation on the signed-in pages built so far', async () => {
    const customer: TestUser = await createUser('axe');
    const page = await browser.newPage();
    await signInThroughUi(page, customer);
    const found: Record<string, string[]> = {};
    for (const path of SIGNED_IN_PAGES) {
      await settle(page, path);
      found[path] = await seriousViolations(page);
    }
    await page.close();
    expect(found).toStrictEqual(Object.fromEntries(SIGNED_IN_PAGES.map((path) => [path, []])));
  });
});
