// Saved cards and invoices end to end (issue 14 items 1 and 2; customer-area sections 2 Add Card,
// Credit Card Management and Invoice Management, 4 Cards and Invoices, 5 Card update and Invoice
// payment, 8, 9): the provider sandbox's card form saves cards, the table, the Update Card modal, the
// last-card rule on screen and on the server, and paying an unpaid invoice from its modal.
import assert from 'node:assert/strict';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  createUser,
  signedInApi,
  signInThroughUi,
  type TestUser,
  waitForPath,
} from '../../testing/e2e-support/accounts.ts';
import { unpaidInvoice } from '../../testing/e2e-support/billing.ts';
import { useBrowser } from '../../testing/e2e-support/browser.ts';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const cardRow = (page: Page, last4: string) =>
  page.getByTestId('card-row').filter({ hasText: `**** **** **** ${last4}` });
const nextYear = new Date().getFullYear() + 2;

async function session(page: Page): Promise<{ appUserId: string; stripeCustomerId: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}'));
}

/** /credit-card-management → Add Card → the sandbox card form → Add. */
async function addCard(page: Page, number: string, expectSaved = true): Promise<void> {
  await page.goto('/credit-card-management');
  await page.getByRole('link', { name: 'Add Card' }).click();
  await waitForPath(page, '/create-card');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(`12 / ${nextYear % 100}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('ZIP / postal code').fill('11122');
  assert.equal(await button(page, 'Add').isEnabled(), true);
  await button(page, 'Add').click();
  if (expectSaved) {
    await page.getByText('Card saved successfully').first().waitFor();
    await waitForPath(page, '/credit-card-management');
  }
}

describe('saved cards and invoices', () => {
  const browser = useBrowser();

  async function customerPage(label: string): Promise<{ page: Page; user: TestUser }> {
    const user = await createUser(label);
    const page = await browser.newPage();
    await signInThroughUi(page, user);
    return { page, user };
  }

  it('formats the card number in groups and the expiry as MM / YY while typing: a typed "12" + year saves as December of that year', async () => {
    const { page } = await customerPage('typing');
    await page.goto('/create-card');
    const number = page.getByLabel('Card number');
    const expiry = page.getByLabel('Expiry (MM / YY)');
    await number.pressSequentially('4242424242424242');
    assert.equal(await number.inputValue(), '4242 4242 4242 4242');
    await expiry.pressSequentially(`12${nextYear % 100}`);
    assert.equal(await expiry.inputValue(), `12 / ${nextYear % 100}`);
    await expiry.press('Backspace');
    await expiry.press('Backspace');
    assert.equal(await expiry.inputValue(), '12', 'deleting backwards takes the delimiter with the year');
    await expiry.pressSequentially(String(nextYear % 100));
    assert.equal(
      await expiry.inputValue(),
      `12 / ${nextYear % 100}`,
      'the year typed straight after lands after "12"',
    );
    // Two Backspaces and the year's first digit within one task, so none of the page's timers runs
    // between them (a fast typist or a slow machine), then the year's second digit.
    const [tens, units] = String(nextYear % 100);
    await expiry.evaluate((input: HTMLInputElement, digit) => {
      const key = (value: string, inputType: string) => {
        input.value = value;
        input.setSelectionRange(value.length, value.length);
        input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
      };
      key(input.value.slice(0, -1), 'deleteContentBackward');
      key(input.value.slice(0, -1), 'deleteContentBackward');
      key(`${input.value}${digit}`, 'insertText');
    }, tens);
    await expiry.press(units ?? '');
    assert.equal(
      await expiry.inputValue(),
      `12 / ${nextYear % 100}`,
      'a key that comes before any timer lands at the caret',
    );
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await button(page, 'Add').click();
    await page.getByText('Card saved successfully').first().waitFor();
    const saved = cardRow(page, '4242');
    await saved.getByText('December').waitFor();
    await saved.getByText(String(nextYear)).waitFor();
  });

  it('adds two cards, updates one, deletes one, and refuses to delete the last while a subscription renews', async () => {
    const { page, user } = await customerPage('cards');
    const { appUserId, stripeCustomerId: before } = await session(page);
    assert.equal(before, '', 'a sign-up makes no Stripe customer');
    await unpaidInvoice({ userId: appUserId, amountCents: 500, autoRenewal: true });

    await addCard(page, '4000 0000 0000 0002', false);
    await page.getByText('Something went wrong while processing card details').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/create-card');
    await button(page, 'Back').click();
    await waitForPath(page, '/credit-card-management');

    await addCard(page, '4242 4242 4242 4242');
    await addCard(page, '5555 5555 5555 4444');
    const visa = cardRow(page, '4242');
    await visa.waitFor();
    expect(await visa.locator('td').allTextContents()).toStrictEqual([
      'Ada Lovelace',
      '**** **** **** 4242Default',
      'visa',
      'US',
      'December',
      String(nextYear),
      'UpdateDelete',
    ]);
    await cardRow(page, '4444').waitFor();

    await page.getByRole('button', { name: 'Update card ending 4444' }).click();
    const modal = page.getByRole('dialog', { name: 'Update Card' });
    await modal.getByLabel('Expiry Month').fill('13');
    assert.equal(await modal.getByLabel('Expiry Month').inputValue(), '12');
    await modal.getByLabel('Expiry Month').fill('3');
    await modal.getByLabel('Expiry Year').fill(String(new Date().getFullYear() - 1));
    await modal.getByRole('button', { name: 'Update', exact: true }).click();
    await modal.getByText('Expiry year should be valid').waitFor();
    await modal.getByLabel('Expiry Year').fill(String(nextYear + 1));
    await modal.getByLabel('Card Holder Name').fill('');
    await modal.getByRole('button', { name: 'Update', exact: true }).click();
    await modal.getByText('Please provide card holder name').waitFor();
    await modal.getByLabel('Card Holder Name').fill('Grace Hopper');
    await modal.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Card updated successfully').first().waitFor();
    const master = cardRow(page, '4444');
    await master.getByText('Grace Hopper').waitFor();
    await master.getByText('March').waitFor();
    await master.getByText(String(nextYear + 1)).waitFor();

    await page.getByRole('button', { name: 'Delete card ending 4242' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Card' });
    await confirm.getByText('Are you sure you want to delete this record?').waitFor();
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('Card deleted successfully').first().waitFor();
    await visa.waitFor({ state: 'detached' });
    await master.waitFor();

    await page.getByRole('button', { name: 'Delete card ending 4444' }).click();
    await page.getByText('You must keep atleast 1 card for payment').first().waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Delete Card' }).count(), 0);

    // The first card made the Stripe customer; the page fetched the session again to show it.
    const { stripeCustomerId } = await session(page);
    assert.match(stripeCustomerId, /^cus_/);
    const api = await signedInApi(user);
    try {
      const cards = (await api.get(`/api/credit-card/${stripeCustomerId}`)) as Array<{
        id: string;
        last4: string;
      }>;
      expect(cards.map((card) => card.last4)).toStrictEqual(['4444']);
      assert.equal(await api.deleteStatus(`/api/credit-card/${stripeCustomerId}/${cards[0]?.id}`), 409);
    } finally {
      await api.dispose();
    }
  });

  it('pays an unpaid invoice from the modal: no cards first, "Please select credit card", then PAID', async () => {
    const { page } = await customerPage('invoices');
    const { appUserId } = await session(page);
    const { invoiceNo } = await unpaidInvoice({ userId: appUserId, amountCents: 1500 });

    await page.goto('/invoice-management');
    const row = page.getByTestId('invoice-row').filter({ hasText: invoiceNo });
    await row.waitFor();
    await row.getByText('$15.00').waitFor();
    await row.getByText('To be paid').waitFor();
    await row.getByText('UNPAID').waitFor();
    await row.getByRole('button', { name: `Pay Now ${invoiceNo}` }).click();
    await page
      .getByText("You don't have any credit cards added. Please go to Card Management and create a card")
      .first()
      .waitFor();

    await addCard(page, '4242 4242 4242 4242');
    await page.goto('/invoice-management');
    await row.getByRole('button', { name: `Pay Now ${invoiceNo}` }).click();
    const modal = page.getByRole('dialog', { name: `Invoice Payment for ${invoiceNo}` });
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await modal.getByText('Please select credit card').waitFor();
    await modal.getByLabel('Credit Card', { exact: true }).click();
    await page.getByRole('option', { name: `**** **** **** 4242 - December ${nextYear}` }).click();
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Thank You for payment. Invoice paid successfully').first().waitFor();
    await row.getByText('PAID', { exact: true }).waitFor();
    assert.equal(await row.getByRole('button', { name: `Pay Now ${invoiceNo}` }).count(), 0);
    expect(await row.locator('td').nth(5).textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    await row.getByRole('link', { name: invoiceNo, exact: true }).click();
    const printable = page.getByTestId('printable-invoice');
    await printable.getByRole('heading', { name: `Invoice ${invoiceNo}` }).waitFor();
    await printable.getByText('$15.00').first().waitFor();
  });
});
