// The bot developer's Playwright example (issue 38 item 4a), run in CI: a test signs in to the
// sandbox's demo shop, whose sign-in texts a code to a RoboMFA's number through Twilio (the sandbox's
// inbound webhook, signed, to the product), and reads the code with @multimfa/bot-client's
// waitForCode, as a customer's test suite would. The RoboMFA is bought on a Norwegian number that
// the sandbox's Twilio account owns (no other e2e file buys in Norway), added to the pool by the admin.
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { MultiMfaBot } from '@multimfa/bot-client';
import {
  type ApiClient,
  createUser,
  sandboxUrl,
  signedInApi,
} from '../../../testing/e2e-support/accounts.ts';
import { useBrowser, webUrl } from '../../../testing/e2e-support/browser.ts';

/** The demo shop's sender (infra/provider-sandbox/src/demo-sign-in). */
const DEMO_SHOP_SENDER = '+18885550100';
const ADMIN = { emailAddress: 'admin@multimfa.local', password: 'Admin-demo-2026!' };
const TWILIO = {
  accountSid: 'AC00000000000000000000000000000001',
  authToken: process.env.MMFA_E2E_TWILIO_AUTH_TOKEN ?? '5a4db0c55a4db0c55a4db0c55a4db0c5',
};
const twilioApi = `${sandboxUrl}/2010-04-01/Accounts/${TWILIO.accountSid}`;
const twilioAuth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Norwegian mobile number bought in the sandbox's Twilio account, then added to the pool by the admin. */
async function poolNumber(): Promise<{ number: string; sid: string }> {
  const bought = await fetch(`${twilioApi}/IncomingPhoneNumbers.json`, {
    method: 'POST',
    headers: { authorization: twilioAuth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ PhoneNumber: `+474${String(randomInt(0, 10_000_000)).padStart(7, '0')}` }),
  });
  assert.equal(bought.status, 201, await bought.clone().text());
  const { phone_number: number, sid } = (await bought.json()) as { phone_number: string; sid: string };
  const admin = await signedInApi(ADMIN);
  try {
    await admin.post('/api/admin/twilio-numbers', {
      mobileNo: number,
      sid,
      referenceName: 'demo sign-in e2e',
    });
  } finally {
    await admin.dispose();
  }
  return { number, sid };
}

/** A RoboMFA in Norway bought with the 100% code; answers once it holds `number` and Twilio posts its texts to the product. */
async function roboMfaOn(api: ApiClient, number: string, sid: string): Promise<string> {
  const { plans } = (await api.get('/api/plan/list-robomfa-plans')) as { plans: Array<{ planId: number }> };
  const planId = plans[0]?.planId;
  const countries = (await api.get('/api/plan/getMFACountries')) as Array<{
    multiMFACountryId: number;
    isoCode: string;
  }>;
  const countryId = countries.find((country) => country.isoCode === 'NO')?.multiMFACountryId;
  assert.ok(planId && countryId, 'a RoboMFA plan and Norway');
  const discount = (await api.post('/api/plan/apply-discount', { code: 'FREE100', planId })).data as {
    discountId: string;
  };
  const intent = (
    await api.post('/api/auth/create-intent', {
      MFAType: 'RoboMFA',
      planId,
      name: 'Demo shop bots',
      description: 'Bought by the demo sign-in e2e',
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
    const hook = (await (
      await fetch(`${twilioApi}/IncomingPhoneNumbers/${sid}.json`, { headers: { authorization: twilioAuth } })
    ).json()) as { sms_url: string };
    if (held && hook.sms_url) return created.MFA.roboMFAId;
    await sleep(200);
  }
  throw new Error(`the RoboMFA never got ${number} with its webhook`);
}

describe('example: a Playwright test signs in with an SMS code read by @multimfa/bot-client', () => {
  const browser = useBrowser();

  it('types the RoboMFA\u2019s number into the demo shop, waits for the code it texts with waitForCode, and is signed in', async () => {
    const { number, sid } = await poolNumber();
    const owner = await signedInApi(await createUser('demo-sign-in'));
    let apiKey: string;
    try {
      const roboMFAId = await roboMfaOn(owner, number, sid);
      const bot = (await owner.post('/api/robo-mfa/create-bot', { roboMFAId, referenceName: 'playwright' }))
        .data as {
        APIKey: string;
      };
      apiKey = bot.APIKey;
    } finally {
      await owner.dispose();
    }

    // What a customer's test does, given the RoboMFA's number and its bot's key:
    const multimfa = new MultiMfaBot({ apiKey, baseUrl: webUrl });
    const page = await browser.newPage();
    await page.goto(`${sandboxUrl}/demo/sign-in`);
    const { cursor } = await multimfa.list({ limit: 0 }); // before the SMS is triggered: none is missed
    await page.getByLabel('Phone number', { exact: true }).fill(number);
    await page.getByRole('button', { name: 'Send code' }).click();
    const { code } = await multimfa.waitForCode({
      sender: DEMO_SHOP_SENDER,
      since: cursor,
      timeoutMs: 30_000,
    });
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signed in' }).waitFor();
  });
});
