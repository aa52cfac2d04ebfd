// The bot developer's Playwright example (issue 38 item 4a), run in CI: a test signs in to the
// sandbox's demo shop, whose sign-in texts a code to a RoboMFA's number through Twilio (the sandbox's
// inbound webhook, signed, to the product), and reads the code with @multimfa/bot-client's
// waitForCode, as a customer's test suite would. The RoboMFA holds a Norwegian number of the sandbox's
// Twilio account (no other e2e file buys in Norway).
import { describe, it } from '@jest/globals';
import { MultiMfaBot } from '@multimfa/bot-client';
import { createUser, sandboxUrl, signedInApi } from '../../../testing/e2e-support/accounts.ts';
import { useBrowser, webUrl } from '../../../testing/e2e-support/browser.ts';
import { roboMfaWithNumber } from '../../../testing/e2e-support/robo-mfa.ts';

/** The demo shop's sender (infra/provider-sandbox/src/demo-sign-in). */
const DEMO_SHOP_SENDER = '+18885550100';
/** "+479" and any 7 digits is a valid Norwegian mobile number ("+474" and 7 digits was not, 4 times in 10). */
const NORWAY = { isoCode: 'NO', e164Prefix: '+479' };

describe('example: a Playwright test signs in with an SMS code read by @multimfa/bot-client', () => {
  const browser = useBrowser();

  it('types the RoboMFA\u2019s number into the demo shop, waits for the code it texts with waitForCode, and is signed in', async () => {
    const owner = await signedInApi(await createUser('demo-sign-in'));
    let apiKey: string;
    let number: string;
    let keyMadeAt: number;
    try {
      const robo = await roboMfaWithNumber(owner, NORWAY, 'Demo shop bots');
      number = robo.number;
      const roboMFAId = robo.roboMFAId;
      keyMadeAt = Date.now();
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
    console.warn(
      `[bot-client] new API key to first code through the sandbox's Twilio inbound path, read with waitForCode in a Playwright test: ${Date.now() - keyMadeAt} ms`,
    );
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Signed in' }).waitFor();
  });
});
