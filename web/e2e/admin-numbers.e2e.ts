// The administrators' Numbers page (issue 11 item 6; admin-area spec section 2, "Numbers"): the
// demo administrator adds, edits, searches and deletes numbers of the pool at /admin/twilios, and
// cannot touch an occupied one. The e2e stack has the demo accounts (scripts/test.mjs creates them).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { waitForPath } from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const numbersDatabaseUrl = process.env.MMFA_E2E_NUMBERS_DATABASE_URL;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true });
const row = (page: Page, mobileNo: string) => page.getByTestId(`number-row-${mobileNo}`);
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** A valid New York number (its exchange starts with 2-9) and a SID no other run of this test uses. */
function newNumber() {
  const exchange = 200 + Math.floor(Math.random() * 800);
  return {
    mobileNo: `+1646${exchange}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
    sid: `PN${randomBytes(16).toString('hex')}`,
  };
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.emailAddress);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await button(page, 'Login').click();
  await waitForPath(page, '/admin/dashboard');
}

/** From the sidebar, as an administrator would. */
async function openNumbersPage(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Numbers' })
    .click();
  await waitForPath(page, '/admin/twilios');
  await page.getByRole('heading', { name: 'Numbers', level: 1 }).waitFor();
}

async function addNumber(page: Page, mobileNo: string, sid: string, referenceName: string): Promise<void> {
  await button(page, 'Add').click();
  await field(page, 'Mobile Number').fill(mobileNo);
  await field(page, 'SID').fill(sid);
  await field(page, 'Reference Name').fill(referenceName);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await toast(page, 'Number added successfully').waitFor();
  await row(page, mobileNo).waitFor();
}

const cells = async (page: Page, mobileNo: string) =>
  (await row(page, mobileNo).getByRole('cell').allInnerTexts()).slice(0, 3);

describe('admin Numbers page: the number pool at /admin/twilios', () => {
  const browser = useBrowser();

  it('the admin adds (required fields refused with their messages), edits a prefilled number, searches, resets and deletes it', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openNumbersPage(page);

    // Add with nothing filled: refused in the browser, each field's message shown.
    await button(page, 'Add').click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Please provide mobile number').waitFor();
    for (const message of [
      'Please provide mobile number',
      'Please provide SID',
      'Please provide reference name',
    ]) {
      await dialog(page).getByText(message, { exact: true }).waitFor();
    }
    await field(page, 'SID').fill('PN123');
    await dialog(page).getByText('The SID must be PN followed by 32 hexadecimal characters').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    const first = newNumber();
    const second = newNumber();
    await addNumber(page, first.mobileNo, first.sid, 'E2E first');
    await addNumber(page, second.mobileNo, second.sid, 'E2E second');
    assert.deepEqual(await cells(page, first.mobileNo), ['E2E first', first.mobileNo, 'No']);

    // A duplicate is refused by the server, its message toasted; the modal stays open.
    await button(page, 'Add').click();
    await field(page, 'Mobile Number').fill(first.mobileNo);
    await field(page, 'SID').fill(newNumber().sid);
    await field(page, 'Reference Name').fill('Copy');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, `The number ${first.mobileNo} is already in the pool`).waitFor();
    assert.equal(await dialog(page).isVisible(), true);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Edit: the modal is prefilled with the row's values.
    await row(page, first.mobileNo)
      .getByRole('button', { name: `Edit ${first.mobileNo}` })
      .click();
    assert.equal(await field(page, 'Mobile Number').inputValue(), first.mobileNo);
    assert.equal(await field(page, 'SID').inputValue(), first.sid);
    assert.equal(await field(page, 'Reference Name').inputValue(), 'E2E first');
    await field(page, 'Reference Name').fill('E2E renamed');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Number updated successfully').waitFor();
    await row(page, first.mobileNo).getByRole('cell', { name: 'E2E renamed', exact: true }).waitFor();

    // Search: a substring of the number keeps only the matching rows; Reset brings the list back.
    const filter = page.getByLabel('Filter by phone number', { exact: true });
    assert.equal(
      await button(page, 'Reset').isDisabled(),
      true,
      'Reset is disabled while the filter is empty',
    );
    await filter.fill(first.mobileNo.slice(4, 10));
    await button(page, 'Search').click();
    await row(page, second.mobileNo).waitFor({ state: 'detached' });
    await row(page, first.mobileNo).waitFor();
    await button(page, 'Reset').click();
    await row(page, second.mobileNo).waitFor();
    assert.equal(await filter.inputValue(), '');
    assert.equal(await button(page, 'Reset').isDisabled(), true);

    // Delete: the confirmation, word for word; No keeps the row, Yes removes it.
    const id = await idOf(first.mobileNo);
    await row(page, first.mobileNo)
      .getByRole('button', { name: `Delete ${first.mobileNo}` })
      .click();
    await dialog(page)
      .getByText(`Are you sure.? You want to delete record with id ${id}`, { exact: true })
      .waitFor();
    await dialog(page).getByRole('button', { name: 'No', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await row(page, first.mobileNo).waitFor();
    await row(page, first.mobileNo)
      .getByRole('button', { name: `Delete ${first.mobileNo}` })
      .click();
    await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await toast(page, 'Number deleted successfully').waitFor();
    await row(page, first.mobileNo).waitFor({ state: 'detached' });
    await row(page, second.mobileNo).waitFor();
  });

  it('shows an occupied number as occupied, with its edit and delete buttons disabled', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openNumbersPage(page);
    const taken = newNumber();
    await addNumber(page, taken.mobileNo, taken.sid, 'E2E occupied');
    await setOccupied(taken.mobileNo);
    await page.reload();
    await row(page, taken.mobileNo).getByRole('cell', { name: 'Yes', exact: true }).waitFor();
    assert.equal(
      await row(page, taken.mobileNo)
        .getByRole('button', { name: `Edit ${taken.mobileNo}` })
        .isDisabled(),
      true,
    );
    assert.equal(
      await row(page, taken.mobileNo)
        .getByRole('button', { name: `Delete ${taken.mobileNo}` })
        .isDisabled(),
      true,
    );
  });

  it("shows each number's state in the State column: Free, In use, and a reserved or quarantined number with the date it moves on", async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openNumbersPage(page);
    const [free, used, reserved, quarantined] = [newNumber(), newNumber(), newNumber(), newNumber()];
    for (const [number, label] of [
      [free, 'E2E free'],
      [used, 'E2E in use'],
      [reserved, 'E2E reserved'],
      [quarantined, 'E2E quarantined'],
    ] as const)
      await addNumber(page, number.mobileNo, number.sid, label);
    await setOccupied(used.mobileNo);
    await withNumbersDb((client) =>
      client.query(
        `UPDATE phone_number SET state = 'RESERVED', reserved_until = '2099-01-15T12:00:00Z' WHERE e164 = $1`,
        [reserved.mobileNo],
      ),
    );
    await withNumbersDb((client) =>
      client.query(
        `UPDATE phone_number SET state = 'QUARANTINED', quarantined_until = '2099-04-15T12:00:00Z' WHERE e164 = $1`,
        [quarantined.mobileNo],
      ),
    );
    await page.reload();

    await row(page, free.mobileNo).getByRole('cell', { name: 'Free', exact: true }).waitFor();
    await row(page, used.mobileNo).getByRole('cell', { name: 'In use', exact: true }).waitFor();
    await row(page, reserved.mobileNo)
      .getByRole('cell', { name: 'Reserved until January 15, 2099', exact: true })
      .waitFor();
    await row(page, quarantined.mobileNo)
      .getByRole('cell', { name: 'Quarantined until April 15, 2099', exact: true })
      .waitFor();
  });
});

/** The pool's id of a number, as the confirmation names it (read from the numbers database). */
async function idOf(mobileNo: string): Promise<number> {
  return withNumbersDb(async (client) => {
    const { rows } = await client.query('SELECT phone_number_id FROM phone_number WHERE e164 = $1', [
      mobileNo,
    ]);
    return rows[0].phone_number_id as number;
  });
}

/** What a purchase's allocation will do (a later issue): the number is taken. */
async function setOccupied(mobileNo: string): Promise<void> {
  await withNumbersDb((client) =>
    client.query(`UPDATE phone_number SET state = 'OCCUPIED' WHERE e164 = $1`, [mobileNo]),
  );
}

async function withNumbersDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  assert.ok(numbersDatabaseUrl, 'MMFA_E2E_NUMBERS_DATABASE_URL is set by scripts/test.mjs');
  const client = new pg.Client({ connectionString: numbersDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
