import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Browser } from './service-stack.harness.js';

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
