// The administrators' Discount Management page (issue 16 item 3; admin-area spec sections 2, 5, 8, 9):
// the demo administrator creates a code (each validation message word for word), edits it (value
// read-only, Is Active), filters, pages through 25 a page, and deletes it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signedInApi, submitSignIn, waitForPath } from '../../testing/e2e-support/accounts.ts';
import { settledReading, useBrowser } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const field = (page: Page, label: string) => dialog(page).getByLabel(label, { exact: true });
const row = (page: Page, code: string) => page.getByTestId(`discount-row-${code}`);
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const newTag = () => `E2E${randomBytes(3).toString('hex').toUpperCase()}`;

async function openDiscounts(page: Page): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, ADMIN.emailAddress, ADMIN.password);
  await waitForPath(page, '/admin/dashboard');
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Discount Management' })
    .click();
  await waitForPath(page, '/admin/discount-management');
  await page.getByRole('heading', { name: 'Discount Management', level: 1 }).waitFor();
}

async function fillCreate(
  page: Page,
  values: { code: string; value: string; maxUsage: string; expiry: string },
) {
  await field(page, 'Code').fill(values.code);
  await field(page, 'Value (%)').fill(values.value);
  await field(page, 'Max Usage').fill(values.maxUsage);
  await field(page, 'Expiry Date').fill(values.expiry);
}

async function filterByCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await button(page, 'Filter').click();
  await toast(page, 'Filtered Successfully').waitFor();
}

describe('admin Discount Management', () => {
  const browser = useBrowser();

  it('creates a code (every validation message shown), edits it with the value read-only, filters by type, and deletes it', async () => {
    const page = await browser.newPage();
    await openDiscounts(page);
    const code = newTag();

    await button(page, 'Create New').click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Please enter code').waitFor();
    const refusals: Array<[{ code: string; value: string; maxUsage: string; expiry: string }, string]> = [
      [{ code, value: '0', maxUsage: '5', expiry: day(30) }, 'Value should be greater than zero'],
      [{ code, value: '150', maxUsage: '5', expiry: day(30) }, 'Percentage should be at most 100'],
      [{ code, value: '20', maxUsage: '0', expiry: day(30) }, 'Max no usage should be greater than zero'],
      [{ code, value: '20', maxUsage: '5', expiry: '' }, 'Please select expiry date'],
      [
        { code, value: '20', maxUsage: '5', expiry: day(-1) },
        "Expiry date should be greater than today's date",
      ],
    ];
    for (const [values, message] of refusals) {
      await fillCreate(page, values);
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await toast(page, message).waitFor();
    }
    assert.equal(await field(page, 'Code').getAttribute('maxlength'), '30');
    await dialog(page).getByLabel('Type', { exact: true }).selectOption('FLAT');
    await dialog(page).getByLabel('Value ($)', { exact: true }).waitFor();
    await dialog(page).getByLabel('Type', { exact: true }).selectOption('PERCENTAGE');
    await fillCreate(page, { code, value: '12.5', maxUsage: '40', expiry: day(30) });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Discount created successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await row(page, code).waitFor();
    const cells = (await row(page, code).getByRole('cell').allInnerTexts()).slice(0, 6);
    assert.deepEqual(cells, [code, 'Percentage', '12.50%', '40', 'Yes', day(30)]);

    // The same code in another case: the server's message.
    await button(page, 'Create New').click();
    await fillCreate(page, { code: code.toLowerCase(), value: '5', maxUsage: '1', expiry: day(10) });
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'A discount with this code already exists').waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Edit: prefilled, the value read-only, Is Active unticked.
    await row(page, code)
      .getByRole('button', { name: `Edit ${code}` })
      .click();
    await dialog(page)
      .getByRole('heading', { name: `Edit Discount - ${code}` })
      .waitFor();
    await field(page, 'Max Usage').waitFor();
    assert.equal(await field(page, 'Value (%)').getAttribute('readonly'), '');
    assert.equal(await field(page, 'Value (%)').inputValue(), '12.5');
    assert.equal(await field(page, 'Max Usage').inputValue(), '40');
    assert.equal(await field(page, 'Is Active').isChecked(), true);
    await field(page, 'Max Usage').fill('0');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Max no usage should be greater than zero').waitFor();
    await field(page, 'Max Usage').fill('60');
    await field(page, 'Is Active').uncheck();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Discount updated successfully').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    const updated = await settledReading(
      async () => (await row(page, code).getByRole('cell').allInnerTexts()).slice(3, 5),
      ([maxUsage, isActive]) => maxUsage === '60' && isActive === 'No',
    );
    assert.deepEqual(updated, ['60', 'No']);

    // Filters: the code with type Flat finds nothing; Percentage finds it.
    await page.getByRole('combobox', { name: 'Type' }).selectOption('FLAT');
    await filterByCode(page, code.toLowerCase());
    await row(page, code).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Type' }).selectOption('PERCENTAGE');
    await button(page, 'Filter').click();
    await row(page, code).waitFor();

    // Delete: No keeps it, Yes removes it.
    await row(page, code)
      .getByRole('button', { name: `Delete ${code}` })
      .click();
    await dialog(page).getByText('Are you sure you want to delete this record?', { exact: true }).waitFor();
    await button(page, 'No').click();
    await dialog(page).waitFor({ state: 'detached' });
    await row(page, code)
      .getByRole('button', { name: `Delete ${code}` })
      .click();
    await button(page, 'Yes').click();
    await toast(page, 'Discount deleted successfully').waitFor();
    await row(page, code).waitFor({ state: 'detached' });
  });

  it('pages through the list 25 at a time with Previous, "Page X of Y" and Next', async () => {
    const tag = newTag();
    const api = await signedInApi(ADMIN);
    try {
      for (let i = 0; i < 27; i += 1) {
        await api.post('/api/admin/discounts', {
          code: `${tag}N${String(i).padStart(2, '0')}`,
          discountType: 'FLAT',
          value: 1 + i,
          maxNoUsage: 5,
          expiryDate: day(20),
        });
      }
    } finally {
      await api.dispose();
    }
    const page = await browser.newPage();
    await openDiscounts(page);
    await filterByCode(page, tag);
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: 'Discounts' }).getByRole('row');
    assert.equal(await rows.count(), 26, 'the header and 25 discounts');
    assert.equal(await button(page, 'Previous').isDisabled(), true);
    await button(page, 'Next').click();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    assert.equal(await rows.count(), 3, 'the header and the 2 oldest');
    await row(page, `${tag}N00`).waitFor();
    assert.equal(await button(page, 'Next').isDisabled(), true);
    await button(page, 'Previous').click();
    await page.getByText('Page 1 of 2', { exact: true }).waitFor();
  });
});
