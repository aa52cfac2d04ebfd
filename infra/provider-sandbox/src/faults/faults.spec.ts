import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SandboxClient, SandboxClientError } from '../client/sandbox-client.js';
import { startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';
import { FaultStore } from './fault.store.js';

describe('FaultStore', () => {
  it('uses faults per provider, oldest first, each for its count', () => {
    const store = new FaultStore();
    store.arm({
      provider: 'twilio',
      count: 2,
      every: 1,
      status: 500,
      timeout: false,
      dropAnswer: false,
      holdAnswer: false,
      latencyMs: 0,
      retryAfterSeconds: 1,
    });
    store.arm({
      provider: 'twilio',
      count: 1,
      every: 1,
      status: 429,
      timeout: false,
      dropAnswer: false,
      holdAnswer: false,
      latencyMs: 0,
      retryAfterSeconds: 1,
    });
    store.arm({
      provider: 'stripe',
      count: 1,
      every: 1,
      status: 503,
      timeout: false,
      dropAnswer: false,
      holdAnswer: false,
      latencyMs: 0,
      retryAfterSeconds: 1,
    });
    assert.deepEqual(
      [
        store.take('twilio')?.status,
        store.take('twilio')?.status,
        store.take('twilio')?.status,
        store.take('twilio'),
      ],
      [500, 500, 429, undefined],
    );
    assert.equal(store.take('sendgrid'), undefined);
    store.clear('stripe');
    assert.deepEqual(store.list(), []);
  });

  it('affects one call in `every` of those a spread fault applies to, `count` of them in all', () => {
    const store = new FaultStore();
    store.arm({
      provider: 'sendgrid',
      count: 2,
      every: 3,
      status: 503,
      timeout: false,
      dropAnswer: false,
      holdAnswer: false,
      latencyMs: 0,
      retryAfterSeconds: 1,
    });
    const statuses = Array.from({ length: 8 }, () => store.take('sendgrid')?.status);
    assert.deepEqual(statuses, [503, undefined, undefined, 503, undefined, undefined, undefined, undefined]);
  });
});

describe('/_sandbox/faults', () => {
  let test: TestSandbox;
  let client: SandboxClient;

  beforeAll(async () => {
    test = await startTestSandbox();
    client = new SandboxClient(test.url);
  });
  afterAll(() => test.stop());

  it('arms, lists and clears faults, per provider or all', async () => {
    const armed = await client.setFault({ provider: 'sendgrid', status: 500, count: 3 });
    assert.match(armed.id, /^flt_/);
    assert.equal(armed.remaining, 3);
    await client.setFault({ provider: 'google', timeout: true });
    expect((await client.faults()).map((fault) => fault.provider)).toStrictEqual(['sendgrid', 'google']);
    await client.clearFaults('sendgrid');
    expect((await client.faults()).map((fault) => fault.provider)).toStrictEqual(['google']);
    await client.clearFaults();
    expect(await client.faults()).toStrictEqual([]);
  });

  it('refuses a fault that makes no sense, saying why', async () => {
    const refuse = async (body: object) => {
      try {
        await client.setFault(body as Parameters<SandboxClient['setFault']>[0]);
      } catch (error) {
        assert.ok(error instanceof SandboxClientError);
        assert.equal(error.status, 400);
        return error.message;
      }
      throw new Error('expected 400');
    };
    assert.match(await refuse({ provider: 'paypal', status: 500 }), /provider/);
    assert.match(
      await refuse({ provider: 'stripe', status: 500, timeout: true }),
      /set one of status, timeout, dropAnswer or holdAnswer/,
    );
    assert.match(
      await refuse({ provider: 'stripe' }),
      /set status, timeout, dropAnswer, holdAnswer or latencyMs/,
    );
    assert.match(await refuse({ provider: 'stripe', status: 200 }), /status/);
    assert.match(await refuse({ provider: 'stripe', status: 500, colour: 'red' }), /colour/);
  });

  it('dropAnswer: the SMS is sent and shows in the inbox, but the caller gets no answer, only a cut connection', async () => {
    await client.setFault({ provider: 'twilio', dropAnswer: true });
    const { accountSid: account, authToken } = test.config.twilio;
    const to = '+14155550177';
    const cursor = await client.cursor();
    const sent = fetch(`${test.url}/2010-04-01/Accounts/${account}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${account}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      // The sandbox account's own number (owned at start).
      body: new URLSearchParams({ From: '+14155550123', To: to, Body: 'code 123456' }).toString(),
    });
    await expect(sent).rejects.toThrow();
    const sms = await client.waitForSms(to, { after: cursor });
    expect(sms.body).toBe('code 123456');
    expect(await client.faults()).toStrictEqual([]);
  });

  it('holdAnswer: the SMS is sent and shows in the inbox while the caller still waits for an answer', async () => {
    await client.setFault({ provider: 'twilio', holdAnswer: true });
    const { accountSid: account, authToken } = test.config.twilio;
    const to = '+14155550178';
    const cursor = await client.cursor();
    const waiting = new AbortController();
    const sent = fetch(`${test.url}/2010-04-01/Accounts/${account}/Messages.json`, {
      method: 'POST',
      signal: waiting.signal,
      headers: {
        authorization: `Basic ${Buffer.from(`${account}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ From: '+14155550123', To: to, Body: 'code 654321' }).toString(),
    });
    let answered = false;
    void sent.then(
      () => {
        answered = true;
      },
      () => undefined,
    );
    const sms = await client.waitForSms(to, { after: cursor });
    expect(sms.body).toBe('code 654321');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(answered, false, 'no answer while the fault holds it');
    waiting.abort();
    await expect(sent).rejects.toThrow();
  });

  it('applies a fault naming a method and path only to those calls, leaving earlier ones of the provider alone', async () => {
    await client.setFault({ provider: 'stripe', status: 500, method: 'POST', path: '/v1/payment_intents' });
    const stripe = (method: string, path: string) =>
      fetch(`${test.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${test.config.stripe.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        ...(method === 'POST' ? { body: 'amount=500&currency=usd' } : {}),
      });
    assert.equal((await stripe('GET', '/v1/payment_intents?limit=1')).status, 200);
    assert.equal((await client.faults()).length, 1, 'a listing does not use the fault');
    assert.equal((await stripe('POST', '/v1/payment_intents')).status, 500);
    expect(await client.faults()).toStrictEqual([]);
  });

  it('does not let a web page of another origin arm faults with a form post', async () => {
    const response = await fetch(`${test.url}/_sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'provider=stripe&status=500',
    });
    assert.equal(response.status, 400);
    expect(await client.faults()).toStrictEqual([]);
  });
});
