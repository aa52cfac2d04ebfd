// A RoboMFA with a number of its own for end-to-end tests: a number bought in the sandbox's Twilio
// account, added to the pool by the demo administrator, and a RoboMFA bought in its country with the
// 100% discount code, once it holds the number and Twilio posts the number's texts to the product.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { type ApiClient, sandboxUrl, signedInApi } from './accounts.ts';

const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const TWILIO = {
  accountSid: 'AC00000000000000000000000000000001',
  authToken: process.env.MMFA_E2E_TWILIO_AUTH_TOKEN ?? '5a4db0c55a4db0c55a4db0c55a4db0c5',
};
const twilioApi = `${sandboxUrl}/2010-04-01/Accounts/${TWILIO.accountSid}`;
const twilioAuth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the number is: its country as the product lists it, and the start of its E.164 form. */
export interface NumberCountry {
  isoCode: string;
  /**
   * Followed by 7 random digits: "+4670" gives a Swedish mobile number. Every such number must be
   * valid (the pool refuses one libphonenumber does not know): a prefix that leaves part of its range
   * invalid fails at random.
   */
  e164Prefix: string;
}

/** A number bought in the sandbox's Twilio account, then added to the pool by the administrator. */
export async function poolNumber(country: NumberCountry): Promise<{ number: string; sid: string }> {
  const bought = await fetch(`${twilioApi}/IncomingPhoneNumbers.json`, {
    method: 'POST',
    headers: { authorization: twilioAuth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      PhoneNumber: `${country.e164Prefix}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    }),
  });
  assert.equal(bought.status, 201, await bought.clone().text());
  const { phone_number: number, sid } = (await bought.json()) as { phone_number: string; sid: string };
  const admin = await signedInApi(ADMIN);
  try {
    await admin.post('/api/admin/twilio-numbers', { mobileNo: number, sid, referenceName: 'e2e RoboMFA' });
  } finally {
    await admin.dispose();
  }
  return { number, sid };
}

/** Where Twilio (the sandbox) posts the texts of the number `sid`: empty until numbers pointed it. */
export async function smsUrlOf(sid: string): Promise<string> {
  const answer = await fetch(`${twilioApi}/IncomingPhoneNumbers/${sid}.json`, {
    headers: { authorization: twilioAuth },
  });
  return ((await answer.json()) as { sms_url: string }).sms_url;
}

/**
 * Buys a RoboMFA on the cheapest plan in `country` for the signed-in customer of `api`; answers once
 * it holds the number added to the pool for it and Twilio posts that number's texts to the product.
 * Use a country no other e2e file buys in, so the pool's only free number there is this one.
 */
export async function roboMfaWithNumber(
  api: ApiClient,
  country: NumberCountry,
  name: string,
): Promise<{ roboMFAId: string; number: string }> {
  const { number, sid } = await poolNumber(country);
  const { plans } = (await api.get('/api/plan/list-robomfa-plans')) as { plans: Array<{ planId: number }> };
  const planId = plans[0]?.planId;
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{
    multiMFACountryId: number;
    isoCode: string;
  }>;
  const countryId = countries.find((one) => one.isoCode === country.isoCode)?.multiMFACountryId;
  assert.ok(planId && countryId, `a RoboMFA plan and the country ${country.isoCode}`);
  const discount = (await api.post('/api/plan/apply-discount', { code: 'FREE100', planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'RoboMFA',
      planId,
      name,
      description: 'Bought by an e2e test',
      countryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (
    await api.post('/api/robo-mfa/create', { stripePayment: { checkout_id: intent.checkoutId } })
  ).data as { MFA: { roboMFAId: string } };
  for (let i = 0; i < 100; i += 1) {
    const { list } = (await api.get('/api/robo-mfa/list')) as {
      list: Array<{ roboMFAId: string; twilioNo: string }>;
    };
    const held = list.find((robo) => robo.roboMFAId === created.MFA.roboMFAId)?.twilioNo === number;
    if (held && (await smsUrlOf(sid))) return { roboMFAId: created.MFA.roboMFAId, number };
    await sleep(200);
  }
  throw new Error(`the RoboMFA never got ${number} with its webhook`);
}
