import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Browser } from './service-stack.js';

/** A browser signed in as a new customer, through POST /api/auth/signup (which signs the browser in). */
export async function signedUpCustomer(gatewayUrl: string, label = 'customer'): Promise<Browser> {
  const browser = new Browser(gatewayUrl);
  const { status } = await browser.call('POST', '/api/auth/signup', {
    emailAddress: `${label}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    firstName: 'Grace',
    lastName: 'Hopper',
    mobileNo: '+12125550199',
    userType: 'CUSTOMER',
    provider: 'NONE',
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
  });
  assert.equal(status, 200);
  return browser;
}
