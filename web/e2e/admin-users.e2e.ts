// The administrators' User Report and Create Admin User pages (issue 16 items 1-2; admin-area spec
// section 2): the demo administrator filters and exports the report, sends a set-password e-mail (its
// link works), deactivates and deletes a customer, and creates an administrator who sets a password
// through the e-mailed link.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  createUser,
  newUser,
  sandbox,
  signedInApi,
  submitSignIn,
  type TestUser,
  waitForPath,
} from '../../testing/e2e-support/accounts.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const SET_PASSWORD_SUBJECT = 'Set your MultiMFA password';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');
const row = (page: Page, emailAddress: string) => page.getByTestId(`user-row-${emailAddress}`);
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, ADMIN.emailAddress, ADMIN.password);
  await waitForPath(page, '/admin/dashboard');
}

async function openUserReport(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'User Report' })
    .click();
  await waitForPath(page, '/admin/user-report');
  await page.getByRole('heading', { name: 'User Report', level: 1 }).waitFor();
}

/** The link of the newest set-password e-mail to `address` after `cursor`, as path and fragment. */
async function setPasswordLink(address: string, cursor: number): Promise<string> {
  const email = await sandbox.waitForEmail(address, {
    after: cursor,
    timeoutMs: 15_000,
    match: (entry) => entry.subject === SET_PASSWORD_SUBJECT,
  });
  const url = /Set your password: (\S+)/.exec(email.text ?? '')?.[1];
  assert.ok(url, `no link in the e-mail:\n${email.text}`);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.hash}`;
}

/** Opens the link in a browser of its own, verifies the filled-in code and sets the password. */
async function setPasswordThroughLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await waitForPath(page, '/forgot-password');
  assert.match(await page.getByLabel('Code', { exact: true }).inputValue(), /^\d{6}$/);
  await button(page, 'Verify').click();
  await button(page, 'Change Password').waitFor();
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await button(page, 'Change Password').click();
  await waitForPath(page, '/');
}

async function canSignIn(user: Pick<TestUser, 'emailAddress' | 'password'>): Promise<boolean> {
  try {
    await (await signedInApi(user)).dispose();
    return true;
  } catch {
    return false;
  }
}

describe('admin User Report and Create Admin User', () => {
  const browser = useBrowser();

  it('shows the report columns, filters by day, exports a CSV named by the ISO timestamp, and e-mails a working set-password link', async () => {
    const customer = await createUser('report');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openUserReport(page);
    // The heading shows before the users arrive; the new customer's row means the table is drawn.
    await row(page, customer.emailAddress).waitFor();

    const headers = await page
      .getByRole('table', { name: 'Users' })
      .getByRole('columnheader')
      .allInnerTexts();
    assert.deepEqual(headers, [
      'Mobile Number',
      'Name',
      'Email Address',
      'User Type',
      'Status',
      'No. of Multi MFAs',
      'Receive Marketing Emails',
      'Service Agreement',
      'Actions',
    ]);
    const cells = (await row(page, customer.emailAddress).getByRole('cell').allInnerTexts()).slice(0, 8);
    assert.deepEqual(cells, [
      customer.mobileNo,
      `${customer.firstName} ${customer.lastName}`,
      customer.emailAddress,
      'CUSTOMER',
      'Active',
      '0',
      'No',
      'Yes',
    ]);
    assert.equal(
      await page.getByRole('link', { name: 'Add Admin' }).getAttribute('href'),
      '/admin/add-admin-user',
    );

    // From and To: today keeps the new customer; a day in the past leaves it out.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-02');
    await button(page, 'Filter').click();
    await toast(page, 'Filtered Successfully').waitFor();
    await row(page, customer.emailAddress).waitFor({ state: 'detached' });
    await page.getByLabel('To', { exact: true }).fill(today);
    await button(page, 'Filter').click();
    await row(page, customer.emailAddress).waitFor();

    const before = new Date().toISOString();
    const download = page.waitForEvent('download');
    await button(page, 'Export').click();
    const file = await download;
    await toast(page, 'Exported Successfully').waitFor();
    // Chromium saves ':' (not allowed in Windows file names) as '_'.
    const name = file.suggestedFilename().replace(/_/g, ':');
    assert.match(name, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\.csv$/);
    assert.ok(name.slice(0, -4) >= before, 'named by the moment of export');
    const csv = readFileSync(await file.path(), 'utf8').split('\r\n');
    assert.equal(
      csv[0],
      'Mobile Number,Name,Email Address,User Type,Status,No. of Multi MFAs,Receive Marketing Emails,Service Agreement,Created At',
    );
    assert.ok(
      csv.some((line) =>
        line.startsWith(
          `${customer.mobileNo},${customer.firstName} ${customer.lastName},${customer.emailAddress},CUSTOMER,Active,0,No,Yes,`,
        ),
      ),
      'the customer is in the export',
    );

    // Reset Password: the toast, then the e-mailed link sets a new password.
    const cursor = await sandbox.cursor();
    await row(page, customer.emailAddress)
      .getByRole('button', { name: `Reset Password ${customer.emailAddress}` })
      .click();
    await toast(page, 'Email sent for resetting password successfully').waitFor();
    const link = await setPasswordLink(customer.emailAddress, cursor);
    const newPassword = `${customer.password}-new`;
    await setPasswordThroughLink(await browser.newPage(), link, newPassword);
    assert.equal(await canSignIn({ ...customer, password: newPassword }), true);
    assert.equal(await canSignIn(customer), false, 'the old password no longer works');
  });

  it('deactivates and reactivates a user through the status dialog, then deletes the user through the delete dialog', async () => {
    const customer = await createUser('status');
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openUserReport(page);
    const name = `${customer.firstName} ${customer.lastName}`;
    const statusButton = row(page, customer.emailAddress).getByRole('button', {
      name: `Inactive User ${customer.emailAddress}`,
    });

    await statusButton.click();
    await dialog(page).getByText(`Are you sure you want to change status of admin ${name}.?`).waitFor();
    await button(page, 'Cancel').click();
    await dialog(page).waitFor({ state: 'detached' });
    await statusButton.click();
    await button(page, 'Update').click();
    await toast(page, 'Admin status changed successfully').waitFor();
    await row(page, customer.emailAddress).getByRole('cell', { name: 'Inactive', exact: true }).waitFor();
    assert.equal(await canSignIn(customer), false, 'an inactive user cannot sign in');

    await statusButton.click();
    await button(page, 'Update').click();
    await row(page, customer.emailAddress).getByRole('cell', { name: 'Active', exact: true }).waitFor();
    assert.equal(await canSignIn(customer), true);

    await row(page, customer.emailAddress)
      .getByRole('button', { name: `Delete User ${customer.emailAddress}` })
      .click();
    await dialog(page)
      .getByText(`Are you sure you want to delete admin ${name}.?`, { exact: true })
      .waitFor();
    await dialog(page).getByText('This action can not be done', { exact: true }).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Admin deleted successfully').waitFor();
    await row(page, customer.emailAddress).waitFor({ state: 'detached' });
    assert.equal(await canSignIn(customer), false, 'a deleted user cannot sign in');
    await page.reload();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    assert.equal(await row(page, customer.emailAddress).count(), 0);
  });

  it('refuses to deactivate the signed-in admin with the server message', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openUserReport(page);
    await row(page, ADMIN.emailAddress)
      .getByRole('button', { name: `Inactive User ${ADMIN.emailAddress}` })
      .click();
    await button(page, 'Update').click();
    await toast(page, 'You cannot deactivate your own account').waitFor();
    await row(page, ADMIN.emailAddress).getByRole('cell', { name: 'Active', exact: true }).waitFor();
  });

  it('creates an administrator (required fields and e-mail format checked, a taken address refused with the server message) who sets a password through the e-mailed link', async () => {
    const page = await browser.newPage();
    await signInAsAdmin(page);
    await openUserReport(page);
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await waitForPath(page, '/admin/add-admin-user');

    await button(page, 'Submit').click();
    await toast(page, 'Please provide first name').waitFor();
    for (const message of [
      'Please provide first name',
      'Please provide last name',
      'Please provide mobile number',
      'Please provide email address',
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }
    const admin = newUser('admin');
    await page.getByLabel('First Name', { exact: true }).fill(admin.firstName);
    await page.getByLabel('Last Name', { exact: true }).fill(admin.lastName);
    await page.getByLabel('Mobile Number', { exact: true }).fill(admin.mobileNo);
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await button(page, 'Submit').click();
    await toast(page, 'Please provide a valid email address').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(admin.emailAddress);
    const cursor = await sandbox.cursor();
    await button(page, 'Submit').click();
    await toast(page, 'Admin user created successfully').waitFor();
    await waitForPath(page, '/admin/user-report');
    await row(page, admin.emailAddress).getByRole('cell', { name: 'ADMIN', exact: true }).waitFor();

    // The same address again: the server's 400 message.
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await page.getByLabel('First Name', { exact: true }).fill(admin.firstName);
    await page.getByLabel('Last Name', { exact: true }).fill(admin.lastName);
    await page.getByLabel('Mobile Number', { exact: true }).fill(admin.mobileNo);
    await page.getByLabel('Email', { exact: true }).fill(admin.emailAddress);
    await button(page, 'Submit').click();
    await toast(page, 'An account with this email address already exists').waitFor();
    await button(page, 'Cancel').click();
    await waitForPath(page, '/admin/user-report');

    const link = await setPasswordLink(admin.emailAddress, cursor);
    const adminPage = await browser.newPage();
    await setPasswordThroughLink(adminPage, link, admin.password);
    await adminPage.goto('/login');
    await submitSignIn(adminPage, admin.emailAddress, admin.password);
    await waitForPath(adminPage, '/admin/dashboard');
  });
});
