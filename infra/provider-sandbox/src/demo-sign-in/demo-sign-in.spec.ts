import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { HOOKS, startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';
import { DEMO_SHOP_SENDER } from './demo-sign-in.router.js';

const OWNED = '+12025550143';

describe('the demo shop: a sign-in protected by an SMS code', () => {
  let test: TestSandbox;
  beforeAll(async () => {
    test = await startTestSandbox();
  });
  afterAll(async () => {
    await test.stop();
  });

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${test.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: new URLSearchParams(fields),
    });

  /** Asks for a code for OWNED; answers the challenge and the code the number was texted. */
  async function sendCode(): Promise<{ challenge: string; code: string }> {
    const before = test.receiver.to(HOOKS.twilioInbound).length;
    const sent = await post('/demo/sign-in', { phone: OWNED });
    assert.equal(sent.status, 303);
    const challenge =
      new URL(sent.headers.get('location') ?? '', test.url).searchParams.get('challenge') ?? '';
    await test.receiver.waitFor((r) => r.path === HOOKS.twilioInbound, before + 1);
    const inbound = Object.fromEntries(
      new URLSearchParams(test.receiver.to(HOOKS.twilioInbound)[before]?.body),
    );
    assert.equal(inbound.From, DEMO_SHOP_SENDER);
    assert.equal(inbound.To, OWNED);
    const code = /^(\d{6}) is your Demo Shop sign-in code/.exec(inbound.Body ?? '')?.[1];
    assert.ok(code, `no code in ${inbound.Body}`);
    return { challenge, code };
  }

  it('texts a code to the number through Twilio\u2019s inbound webhook and signs in whoever types it back', async () => {
    const { challenge, code } = await sendCode();
    const codePage = await fetch(`${test.url}/demo/sign-in/code?challenge=${challenge}`);
    assert.equal(codePage.status, 200);
    assert.match(await codePage.text(), /We texted a 6-digit code to <strong>\+12025550143<\/strong>/);
    const signedIn = await post('/demo/sign-in/code', { challenge, code });
    assert.equal(signedIn.status, 200);
    assert.match(await signedIn.text(), /<h1 id="done-title">Signed in<\/h1>/);
    const again = await post('/demo/sign-in/code', { challenge, code });
    assert.equal(again.status, 404, 'a code signs in once');
  });

  it('refuses a wrong code, and ends the sign-in after five wrong ones (no guessing the code)', async () => {
    const { challenge, code } = await sendCode();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i += 1) {
      const answer = await post('/demo/sign-in/code', { challenge, code: wrong });
      assert.equal(answer.status, 400);
      assert.match(await answer.text(), /That code is not right/);
    }
    const last = await post('/demo/sign-in/code', { challenge, code: wrong });
    assert.match(await last.text(), /Too many wrong codes/);
    assert.equal((await post('/demo/sign-in/code', { challenge, code })).status, 404);
  });

  it('refuses a number that is not E.164 with the reason, and a form posted from another site', async () => {
    const bad = await post('/demo/sign-in', { phone: 'call me' });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /To must be a phone number in E.164 form/);
    const crossSite = await post('/demo/sign-in', { phone: OWNED }, { 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 403);
  });
});
