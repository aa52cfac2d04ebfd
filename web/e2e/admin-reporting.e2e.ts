// The administrators' reports (issue 15; admin-area sections 2 Admin dashboard, Members report,
// MultiMFAs, RoboMFAs, and 7-9): a customer signs up, buys a MultiMFA (free with the demo 100%
// code) and adds a member through the API; the demo administrator then sees it in Chromium on the
// dashboard, the MultiMFAs list and the members report, exports CSVs and deletes the MultiMFA. A text
// to a number nobody holds shows in the Logs page as a VALIDATION entry, filtered and exported.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import twilio from 'twilio';
import { type ApiClient, createUser, signedInApi, waitForPath } from '../../testing/e2e-support/accounts.ts';
import { useBrowser, webUrl } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const FREE = 'FREE100';
/** `<ISO timestamp>.csv`; Chromium saves the colons, which some file systems refuse, as underscores. */
const ISO_CSV_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}[:_]\d{2}[:_]\d{2}\.\d{3}Z\.csv$/;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const tile = (page: Page, label: string) => page.getByTestId(`tile-${label}`);

async function tileValue(page: Page, label: string): Promise<number> {
  const text = await tile(page, label).locator('p').nth(1).textContent();
  return Number(text ?? '');
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await button(page, 'Login').click();
  await waitForPath(page, '/admin/dashboard');
  await tile(page, 'MultiMFAs').waitFor();
}

async function openFromSidebar(page: Page, label: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await waitForPath(page, path);
}

/** A customer's journey: sign-up, a MultiMFA bought with the 100% code, one member added. */
async function customerJourney(
  nameOf: (tag: string) => string = (tag) => `Reporting e2e ${tag}`,
): Promise<{ mfaName: string; memberLastName: string; twilioNo: string }> {
  const customer = await createUser('reporting');
  const api: ApiClient = await signedInApi(customer);
  const tag = randomBytes(3).toString('hex');
  const mfaName = nameOf(tag);
  // Names hold letters only (the name rule): the tag's digits become letters.
  const memberLastName = `Member${tag.replace(/\d/g, (digit) => 'ghijklmnop'.charAt(Number(digit)))}`;
  const { plans } = (await api.get('/api/plan/list')) as { plans: Array<{ planId: number }> };
  const planId = plans[0]?.planId ?? 0;
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{ multiMFACountryId: number }>;
  const discount = (await api.post('/api/plan/apply-discount', { code: FREE, planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'MultiMFA',
      planId,
      name: mfaName,
      description: 'Bought by the reporting e2e',
      countryId: countries[0]?.multiMFACountryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (await api.post('/api/plan/create', { stripePayment: { checkout_id: intent.checkoutId } }))
    .data as { MFA: { multiMFAId: string; twilioNo: string } };
  await api.post('/api/plan/add-member', {
    multiMFAId: created.MFA.multiMFAId,
    firstName: 'Report',
    lastName: memberLastName,
    forwardMedium: 'MOBILE_NUMBER',
    mobileNo: '+12125550123',
  });
  await api.dispose();
  return { mfaName, memberLastName, twilioNo: created.MFA.twilioNo };
}

/** Waits until an admin call, made with the page's session, answers a row passing `found`. */
async function untilListed(page: Page, path: string, found: (row: Record<string, unknown>) => boolean) {
  for (let i = 0; i < 120; i += 1) {
    const answer = (await (await page.request.get(path)).json()) as { data: Array<Record<string, unknown>> };
    if (answer.data.some(found)) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`${path} never listed the row`);
}

/** The provider sandbox's demo Twilio auth token (its own default), which the stack gives messaging. */
const TWILIO_AUTH_TOKEN = process.env.MMFA_E2E_TWILIO_AUTH_TOKEN ?? '5a4db0c55a4db0c55a4db0c55a4db0c5';

/**
 * A text reaching `to` as Twilio delivers it: the signed inbound webhook on the public address. (The
 * sandbox's inbox page delivers only to numbers whose SMS URL it holds; a number nobody holds has none.)
 */
async function textFromTwilio(to: string, body: string): Promise<void> {
  const url = `${webUrl}/api/webhooks/twilio/sms`;
  const form = {
    MessageSid: `SM${randomBytes(16).toString('hex')}`,
    From: '+15005550006',
    To: to,
    Body: body,
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, url, form),
    },
    body: new URLSearchParams(form).toString(),
  });
  assert.ok(response.ok, `the text was refused: ${response.status} ${await response.text()}`);
}

/** Clicks Export and answers the downloaded file's name and text. */
async function exported(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export').click()]);
  await toast(page, 'Exported Successfully').waitFor();
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('admin reports: dashboard, MultiMFAs and members report from customer journeys', () => {
  const browser = useBrowser();

  it('the dashboard counts a customer who signed up and bought a MultiMFA, in tiles and the sign-ups chart', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const before = {
      multiMFAs: await tileValue(page, 'MultiMFAs'),
      users: await tileValue(page, 'Users (24 hours)'),
    };
    await customerJourney();
    for (let i = 0; i < 60; i += 1) {
      await page.reload();
      await tile(page, 'MultiMFAs').waitFor();
      if (
        (await tileValue(page, 'MultiMFAs')) > before.multiMFAs &&
        (await tileValue(page, 'Users (24 hours)')) > before.users
      )
        break;
      await page.waitForTimeout(500);
    }
    assert.ok((await tileValue(page, 'MultiMFAs')) >= before.multiMFAs + 1, 'the MultiMFA was counted');
    assert.ok((await tileValue(page, 'Users (24 hours)')) >= before.users + 1, 'the sign-up was counted');
    await page.getByTestId('sign-ups-chart').getByRole('application').waitFor();
    await page.getByTestId('texts-chart').getByRole('application').waitFor();
  });

  it('the dashboard labels each tile by what it counts and shows a text that reached a customer\u2019s number under "Texts received"', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    const labels = await page
      .locator('[data-testid^="tile-"]')
      .evaluateAll((tiles) => tiles.map((element) => element.getAttribute('aria-label')));
    assert.deepEqual(labels.slice(0, 4), [
      'Texts received (today, UTC)',
      'Texts received (30 days)',
      'Forwarded by SMS (all time)',
      'Forwarded by e-mail (all time)',
    ]);
    assert.ok(!labels.includes('SMS'), 'no tile is labelled "SMS" alone');
    const { twilioNo } = await customerJourney();
    const before = await tileValue(page, 'Texts received (30 days)');
    await textFromTwilio(twilioNo, 'Your code is 246810');
    for (let i = 0; i < 60; i += 1) {
      await page.reload();
      await tile(page, 'Texts received (30 days)').waitFor();
      if ((await tileValue(page, 'Texts received (30 days)')) > before) break;
      await page.waitForTimeout(500);
    }
    assert.ok((await tileValue(page, 'Texts received (30 days)')) >= before + 1, 'the text was counted');
    assert.ok((await tileValue(page, 'Texts received (today, UTC)')) >= 1);
    await page.getByTestId('texts-chart').getByRole('application').waitFor();
  });

  it('the MultiMFAs list shows the bought MultiMFA, filters by date, exports the spec\u2019s CSV columns and deletes it', async () => {
    const { mfaName } = await customerJourney();
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openFromSidebar(page, 'MultiMFAs', '/admin/multimfa');
    await untilListed(page, '/api/admin/multimfas', (row) => row.name === mfaName);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: mfaName });
    await row.waitFor();

    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await button(page, 'Filter').click();
    await toast(page, 'Filtered Successfully').waitFor();
    await row.waitFor();

    const csv = await exported(page);
    assert.match(csv.name, ISO_CSV_NAME);
    const lines = csv.text.trim().split(/\r?\n/);
    assert.equal(lines[0], 'name,twilioNumber,isActive,plan,createdAt');
    assert.ok(lines.some((line) => line.startsWith(`${mfaName},`)));

    await row.getByRole('button', { name: `Delete ${mfaName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Are you sure you want to delete multimfa ${mfaName}.?`, { exact: true })
      .waitFor();
    await dialog.getByText('This action can not be redone', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'MultiMFA deleted successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
  });

  it('the MultiMFAs export writes a MultiMFA named as a spreadsheet formula as text: a leading quote, so the admin\u2019s spreadsheet does not run it', async () => {
    const { mfaName } = await customerJourney((tag) => `=HYPERLINK("http://evil.example/${tag}","open")`);
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openFromSidebar(page, 'MultiMFAs', '/admin/multimfa');
    await untilListed(page, '/api/admin/multimfas', (row) => row.name === mfaName);
    await page.reload();
    await page.getByRole('row').filter({ hasText: mfaName }).waitFor();

    const csv = await exported(page);
    const lines = csv.text.trim().split(/\r?\n/);
    const quoted = `"'${mfaName.replaceAll('"', '""')}",`;
    assert.ok(
      lines.some((line) => line.startsWith(quoted)),
      `the name is written as text (${quoted}); lines: ${lines.filter((line) => line.includes('evil.example')).join(' | ')}`,
    );
    assert.ok(!lines.some((line) => /^"?=/.test(line)), 'no cell starts with "="');
  });

  it('the members report shows one member a page with forwardMedium in words and exports the spec\u2019s CSV columns', async () => {
    const { mfaName, memberLastName } = await customerJourney();
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openFromSidebar(page, 'Members Report', '/admin/members-report');
    await untilListed(page, '/api/admin/members', (row) => row.lastName === memberLastName);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await button(page, 'Filter').click();
    await toast(page, 'Filtered Successfully').waitFor();
    assert.equal(await page.getByRole('table', { name: 'Member' }).count(), 1, 'one member a page');

    const csv = await exported(page);
    assert.match(csv.name, ISO_CSV_NAME);
    const lines = csv.text.trim().split(/\r?\n/);
    assert.equal(lines[0], 'firstName,lastName,forwardMedium,mobileNo,email,multiMFA');
    assert.ok(
      lines.includes(`Report,${memberLastName},MOBILE NUMBER,+12125550123,,${mfaName}`),
      'the member is exported',
    );
  });

  it('the Advanced Logs page lists a customer\u2019s new MultiMFA with its success and failure counts and exports the spec\u2019s CSV columns', async () => {
    const { mfaName } = await customerJourney();
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openFromSidebar(page, 'Advanced Logs', '/admin/advanced-logs');
    await untilListed(page, '/api/admin/advanced-logs', (row) =>
      (row.multiMFAs as Array<{ name: string }>).some((mfa) => mfa.name === mfaName),
    );
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await page.getByLabel('To', { exact: true }).fill(today);
    await button(page, 'Filter').click();
    await toast(page, 'Filtered Successfully').waitFor();
    const row = page
      .getByRole('table', { name: 'Advanced logs' })
      .getByRole('row')
      .filter({ hasText: mfaName });
    await row.waitFor();
    assert.deepEqual((await row.getByRole('cell').allTextContents()).slice(2), [mfaName, '0', '0']);

    const csv = await exported(page);
    assert.match(csv.name, ISO_CSV_NAME);
    const lines = csv.text.trim().split(/\r?\n/);
    assert.equal(lines[0], 'email,name,multiMFA,success,failure');
    assert.ok(
      lines.some((line) => line.endsWith(`,${mfaName},0,0`)),
      'the MultiMFA is exported',
    );
  });

  it('the Logs page finds the entry of a text sent to a number nobody holds by type and mobile number, and exports it in a CSV named by the ISO timestamp', async () => {
    const number = `+1555019${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    await textFromTwilio(number, 'Your code is 123456');

    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openFromSidebar(page, 'Logs', '/admin/logs');
    await untilListed(
      page,
      `/api/admin/logs?mobileNo=${encodeURIComponent(number)}`,
      (row) => row.mobileNo === number,
    );
    await page.getByLabel('Log Type', { exact: true }).selectOption('VALIDATION');
    await page.getByLabel('Mobile Number', { exact: true }).fill(number);
    await button(page, 'Filter').click();
    await toast(page, 'Filtered Successfully').waitFor();
    const rows = page.getByRole('table', { name: 'Logs' }).getByRole('row');
    await rows.filter({ hasText: `reached ${number}, which no MultiMFA or RoboMFA owns` }).waitFor();
    assert.equal(await rows.count(), 2, 'the header and the one entry of the filter');
    await page.getByText('1 entry', { exact: true }).waitFor();

    const csv = await exported(page);
    assert.match(csv.name, ISO_CSV_NAME);
    const lines = csv.text.trim().split(/\r?\n/);
    assert.equal(lines[0], 'logType,mobileNo,message,members,createdAt');
    assert.equal(lines.length, 2);
    assert.ok(lines[1]?.startsWith(`VALIDATION,${number},`), lines[1]);
  });
});
