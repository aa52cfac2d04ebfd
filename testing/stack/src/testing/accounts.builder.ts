import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { SavedCard } from '@multimfa/api-contract';
import { Browser, type ServiceStack } from './service-stack.harness.js';

/** Test data for accounts through the gateway: unique addresses and sign-up bodies. */

/** The gateway's answer envelope, as tests read it. */
export type Body = { isError: boolean; message: string; data: Record<string, unknown> | null };

export const PASSWORD = 'correct horse battery';

/** A fresh address, unique to the run. */
export const email = (name: string) => `${name}-${randomBytes(3).toString('hex')}@example.com`;

/** A valid customer sign-up with a password, with any field overridden. */
export function signUpBody(emailAddress: string, overrides: Record<string, unknown> = {}) {
  return {
    emailAddress,
    password: PASSWORD,
    firstName: 'Grace',
    lastName: 'Hopper',
    mobileNo: '+12125550199',
    userType: 'CUSTOMER',
    provider: 'NONE',
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
    ...overrides,
  };
}

/** A browser signed in as a new customer, through POST /api/auth/signup (which signs the browser in). */
export async function signedUpCustomer(gatewayUrl: string, label = 'customer'): Promise<Browser> {
  const browser = new Browser(gatewayUrl);
  const { status } = await browser.call('POST', '/api/auth/signup', signUpBody(email(label)));
  assert.equal(status, 200);
  return browser;
}

/**
 * Verifies the address of the customer signed in in `browser` with the code identity e-mailed at
 * sign-up, as /verify does: paying, adding members and creating bots need a verified address.
 */
export async function verifyEmail(
  stack: ServiceStack,
  browser: Browser,
  emailAddress: string,
): Promise<void> {
  const wanted = (n: { emailAddress: string; kind: string }) =>
    n.emailAddress === emailAddress && n.kind === 'EMAIL_VERIFICATION_CODE';
  const code = (await stack.codes(wanted)).at(-1);
  assert.ok(code, `no verification code for ${emailAddress}`);
  const { status } = await browser.call('POST', '/api/auth/verifyemailtoken', { emailAddress, token: code });
  assert.equal(status, 200);
}

/** A browser signed in as a new customer whose address is verified; answers its user id and address too. */
export async function verifiedCustomer(stack: ServiceStack, gatewayUrl: string, label = 'customer') {
  const browser = new Browser(gatewayUrl);
  const emailAddress = email(label);
  const signUp = await browser.call<Body>('POST', '/api/auth/signup', signUpBody(emailAddress));
  assert.equal(signUp.status, 200);
  await verifyEmail(stack, browser, emailAddress);
  return { browser, emailAddress, userId: String(signUp.body.data?.userId) };
}

/** The Stripe customer id the browser's session shows: '' until the first payment or card made it. */
export async function sessionStripeCustomerId(browser: Browser): Promise<string> {
  const session = await browser.call<Body>('GET', '/api/auth/session');
  assert.equal(session.status, 200);
  return String(session.body.data?.stripeCustomerId ?? '');
}

/**
 * A verified customer whose first card (a Stripe test PaymentMethod) made their Stripe customer, as
 * the Add Card page does: no customer id yet, so the gateway has billing make it.
 */
export async function customerWithCard(
  stack: ServiceStack,
  gatewayUrl: string,
  label = 'customer',
  token = 'pm_card_visa',
) {
  const customer = await verifiedCustomer(stack, gatewayUrl, label);
  const card = await customer.browser.call<{ isError: boolean; message: string; data: SavedCard }>(
    'POST',
    '/api/credit-card',
    { token, stripeCustomerId: '' },
  );
  assert.equal(card.status, 200, JSON.stringify(card.body));
  const stripeCustomerId = await sessionStripeCustomerId(customer.browser);
  assert.match(stripeCustomerId, /^cus_/);
  return { ...customer, stripeCustomerId, card: card.body.data };
}
