import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SandboxClient } from '../client/sandbox-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';

const sign = (secret: string, body: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe("the sandbox's webhook receiver", () => {
  let sandbox: TestSandbox;
  let client: SandboxClient;
  const post = (name: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.url}/webhook-receiver/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
    });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = new SandboxClient(sandbox.url);
  });
  afterAll(() => sandbox.stop());

  it('echoes a challenge, except for a receiver named no-echo…', async () => {
    const body = JSON.stringify({ type: 'challenge', challenge: 'c-123' });
    expect(await (await post('ops', body)).json()).toStrictEqual({ challenge: 'c-123' });
    expect(await (await post('no-echo-ops', body)).json()).toStrictEqual({ received: true });
  });

  it('records each request byte for byte and verifies its signature with the registered secret', async () => {
    await client.setWebhookSecret('signed', 'whsec_abc');
    const after = await client.cursor();
    const body = '{"type":"message.received","code":"482913"}';
    await post('signed', body, { 'MultiMFA-Signature': sign('whsec_abc', body) });
    expect(await client.waitForWebhook('signed', { after })).toMatchObject({ body, signatureValid: true });
    const next = await client.cursor();
    await post('signed', body, { 'MultiMFA-Signature': sign('whsec_other', body) });
    expect(await client.waitForWebhook('signed', { after: next })).toMatchObject({ signatureValid: false });
    const old = await client.cursor();
    await post('signed', body, {
      'MultiMFA-Signature': sign('whsec_abc', body, Math.floor(Date.now() / 1000) - 301),
    });
    expect(await client.waitForWebhook('signed', { after: old })).toMatchObject({ signatureValid: false });
  });

  it('refuses with a webhook fault’s status', async () => {
    await client.setFault({ provider: 'webhook', status: 503 });
    expect((await post('ops', '{}')).status).toBe(503);
  });

  it('redirects where asked (a redirect callers must not follow)', async () => {
    const answer = await fetch(`${sandbox.url}/webhook-receiver-redirect?to=http://169.254.169.254/`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect([answer.status, answer.headers.get('location')]).toStrictEqual([302, 'http://169.254.169.254/']);
  });
});
