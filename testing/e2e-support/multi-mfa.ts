// A MultiMFA with a number of its own for end-to-end tests: a number bought in the sandbox's Twilio
// account and added to the pool (as for a RoboMFA), and a MultiMFA with at least `seats` seats bought
// in its country with the 100% discount code, once it holds the number and Twilio posts its texts.
import assert from 'node:assert/strict';
import type { ApiClient } from './accounts.ts';
import { type NumberCountry, poolNumber, smsUrlOf } from './robo-mfa.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Use a country no other e2e file buys in, so the pool's only free number there is this one. */
export async function multiMfaWithNumber(
  api: ApiClient,
  country: NumberCountry,
  name: string,
  seats: number,
): Promise<{ multiMFAId: string; number: string }> {
  const { number, sid } = await poolNumber(country);
  const { plans } = (await api.get('/api/plan/list')) as {
    plans: Array<{ planId: number; noOfUsers: number }>;
  };
  const plan = plans.filter((p) => p.noOfUsers >= seats).sort((a, b) => a.noOfUsers - b.noOfUsers)[0];
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{
    multiMFACountryId: number;
    isoCode: string;
  }>;
  const countryId = countries.find((one) => one.isoCode === country.isoCode)?.multiMFACountryId;
  assert.ok(plan && countryId, `a MultiMFA plan of ${seats} seats and the country ${country.isoCode}`);
  const discount = (await api.post('/api/plan/apply-discount', { code: 'FREE100', planId: plan.planId }))
    .data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'MultiMFA',
      planId: plan.planId,
      name,
      description: 'Bought by an e2e test',
      countryId,
      discountId: discount.discountId,
    })
  ).data as { checkoutId: string };
  const created = (await api.post('/api/plan/create', { stripePayment: { checkout_id: intent.checkoutId } }))
    .data as { MFA: { multiMFAId: string } };
  for (let i = 0; i < 100; i += 1) {
    const { list } = (await api.get('/api/plan/list-multimfa')) as {
      list: Array<{ multiMFAId: string; twillioNo: string }>;
    };
    const held = list.find((mfa) => mfa.multiMFAId === created.MFA.multiMFAId)?.twillioNo === number;
    if (held && (await smsUrlOf(sid))) return { multiMFAId: created.MFA.multiMFAId, number };
    await sleep(200);
  }
  throw new Error(`the MultiMFA never got ${number} with its webhook`);
}
