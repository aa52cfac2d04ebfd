import assert from 'node:assert/strict';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import { SandboxClient } from '../client/sandbox-client.js';
import { SandboxTwilioHttpClient } from '../client/twilio-http-client.js';
import { eventually } from '../testing/eventually.js';
import { HOOKS, startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';
import type { ReceivedRequest } from '../testing/webhook-receiver.js';

const OWNED = '+14155550123';

/** The form fields of a webhook request, as the receiving app's body parser sees them. */
const fields = (request: ReceivedRequest) => Object.fromEntries(new URLSearchParams(request.body));

async function failure(
  call: () => Promise<unknown>,
): Promise<{ status: number; code: number; message: string }> {
  try {
    await call();
  } catch (error) {
    return error as { status: number; code: number; message: string };
  }
  throw new Error('expected the call to fail');
}

describe('twilio sandbox through the twilio SDK', () => {
  let test: TestSandbox;
  let client: twilio.Twilio;
  let sandbox: SandboxClient;

  beforeAll(async () => {
    test = await startTestSandbox();
    client = twilio(test.config.twilio.accountSid, test.config.twilio.authToken, {
      httpClient: new SandboxTwilioHttpClient(test.url),
    });
    sandbox = new SandboxClient(test.url);
  });
  beforeEach(() => sandbox.clearFaults());
  afterAll(() => test.stop());

  it('rewrites api.twilio.com (and regional hosts) to the sandbox, and refuses other Twilio products', () => {
    const adapter = new SandboxTwilioHttpClient(`${test.url}/`);
    assert.equal(
      adapter.rewrite('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?PageSize=5'),
      `${test.url}/2010-04-01/Accounts/AC1/Messages.json?PageSize=5`,
    );
    assert.equal(
      adapter.rewrite('https://api.dublin.ie1.twilio.com/2010-04-01/x.json'),
      `${test.url}/2010-04-01/x.json`,
    );
    assert.throws(() => adapter.rewrite('https://verify.twilio.com/v2/Services'), /only api.twilio.com/);
  });

  it('sends an SMS (201 queued) and posts signed status callbacks queued → sent → delivered', async () => {
    const callback = test.receiver.at(`${HOOKS.twilioStatus}?forward=42`);
    const message = await client.messages.create({
      to: '+15558675310',
      from: OWNED,
      body: 'Your MultiMFA code is 123456',
      statusCallback: callback,
    });
    assert.match(message.sid, /^SM[0-9a-f]{32}$/);
    assert.equal(message.status, 'queued');
    assert.equal(message.direction, 'outbound-api');
    assert.equal(message.numSegments, '1');
    assert.equal(message.accountSid, test.config.twilio.accountSid);
    assert.ok(message.dateCreated instanceof Date && !Number.isNaN(message.dateCreated.getTime()));

    const callbacks = await test.receiver.waitFor(
      (request) => request.path.startsWith(HOOKS.twilioStatus) && fields(request).MessageSid === message.sid,
      3,
    );
    assert.deepEqual(
      callbacks.map((request) => fields(request).MessageStatus),
      ['queued', 'sent', 'delivered'],
    );
    for (const request of callbacks) {
      const signature = String(request.headers['x-twilio-signature']);
      assert.equal(
        twilio.validateRequest(test.config.twilio.authToken, signature, request.url, fields(request)),
        true,
      );
      assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded; charset=utf-8');
    }
    const delivered = fields(callbacks[2] as ReceivedRequest);
    assert.equal(delivered.To, '+15558675310');
    assert.equal(delivered.From, OWNED);
    assert.equal(delivered.SmsStatus, 'delivered');

    const fetched = await client.messages(message.sid).fetch();
    assert.equal(fetched.status, 'delivered');
    assert.ok(fetched.dateSent instanceof Date);
    const listed = await client.messages.list({ to: '+15558675310', limit: 10 });
    assert.deepEqual(
      listed.map((item) => item.sid),
      [message.sid],
    );
    // DateSent> (the SDK's dateSentAfter) is inclusive; a later bound leaves it out.
    const sentAt = fetched.dateSent as Date;
    assert.deepEqual(
      (await client.messages.list({ to: '+15558675310', dateSentAfter: sentAt })).map((item) => item.sid),
      [message.sid],
    );
    assert.deepEqual(
      await client.messages.list({ to: '+15558675310', dateSentAfter: new Date(sentAt.getTime() + 1000) }),
      [],
    );

    const last = await sandbox.lastSmsTo('+1 555 867 5310');
    assert.equal(last?.body, 'Your MultiMFA code is 123456');
    assert.equal(last?.status, 'delivered');
  });

  it('a forged or altered callback fails twilio.validateRequest', async () => {
    const message = await client.messages.create({
      to: '+15558675311',
      from: OWNED,
      body: 'hello',
      statusCallback: test.receiver.at(HOOKS.twilioStatus),
    });
    const [request] = await test.receiver.waitFor((r) => fields(r).MessageSid === message.sid);
    assert.ok(request);
    const signature = String(request.headers['x-twilio-signature']);
    const token = test.config.twilio.authToken;
    assert.equal(
      twilio.validateRequest(token, signature, request.url, { ...fields(request), MessageStatus: 'read' }),
      false,
    );
    assert.equal(twilio.validateRequest('0'.repeat(32), signature, request.url, fields(request)), false);
    assert.equal(twilio.validateRequest(token, 'forged=', request.url, fields(request)), false);
  });

  it('ends messages to the magic numbers as documented (undelivered 30003, failed 30008)', async () => {
    const undelivered = await client.messages.create({
      to: '+15005550007',
      from: OWNED,
      body: 'x',
      statusCallback: test.receiver.at(HOOKS.twilioStatus),
    });
    const steps = await test.receiver.waitFor((r) => fields(r).MessageSid === undelivered.sid, 3);
    assert.deepEqual(
      steps.map((r) => fields(r).MessageStatus),
      ['queued', 'sent', 'undelivered'],
    );
    assert.equal(fields(steps[2] as ReceivedRequest).ErrorCode, '30003');

    const failed = await client.messages.create({ to: '+15005550008', from: OWNED, body: 'x' });
    const final = await eventually(async () => {
      const fetched = await client.messages(failed.sid).fetch();
      assert.equal(fetched.status, 'failed');
      return fetched;
    });
    assert.equal(final.errorCode, 30008);
    assert.equal(final.errorMessage, 'Unknown error');
    assert.equal((await sandbox.lastSmsTo('+15005550008'))?.status, 'failed');
  });

  it('answers Twilio errors: 21211 invalid To, 21606 From not owned, 21602 no body, 20003 bad credentials, 20404', async () => {
    const invalid = await failure(() => client.messages.create({ to: '12345', from: OWNED, body: 'x' }));
    assert.equal(invalid.status, 400);
    assert.equal(invalid.code, 21211);
    assert.equal(invalid.message, "Invalid 'To' Phone Number: 12345");
    assert.equal(
      (await failure(() => client.messages.create({ to: '+15005550001', from: OWNED, body: 'x' }))).code,
      21211,
    );
    assert.equal(
      (await failure(() => client.messages.create({ to: '+15558675310', from: '+15550000000', body: 'x' })))
        .code,
      21606,
    );
    assert.equal(
      (await failure(() => client.messages.create({ to: '+15558675310', from: OWNED, body: '' }))).code,
      21602,
    );

    const stranger = twilio(test.config.twilio.accountSid, 'f'.repeat(32), {
      httpClient: new SandboxTwilioHttpClient(test.url),
    });
    const denied = await failure(() => stranger.messages.list({ limit: 1 }));
    assert.equal(denied.status, 401);
    assert.equal(denied.code, 20003);
    const missing = await failure(() => client.messages(`SM${'0'.repeat(32)}`).fetch());
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 20404);
  });

  it('sends from a Messaging Service (accepted, then queued)', async () => {
    const message = await client.messages.create({
      to: '+15558675312',
      messagingServiceSid: `MG${'a'.repeat(32)}`,
      body: 'via service',
    });
    assert.equal(message.status, 'accepted');
    assert.equal(message.from, OWNED);
  });

  it('lists, buys, updates and releases IncomingPhoneNumbers', async () => {
    const owned = await client.incomingPhoneNumbers.list();
    assert.deepEqual(
      owned.map((number) => number.phoneNumber),
      test.config.twilio.phoneNumbers,
    );
    assert.equal(owned[0]?.friendlyName, '(415) 555-0123');
    assert.equal(owned[0]?.capabilities.sms, true);

    const bought = await client.incomingPhoneNumbers.create({ phoneNumber: '+12125550100' });
    assert.match(bought.sid, /^PN/);
    const byArea = await client.incomingPhoneNumbers.create({ areaCode: '646' });
    assert.match(byArea.phoneNumber, /^\+1646/);
    const taken = await failure(() => client.incomingPhoneNumbers.create({ phoneNumber: '+12125550100' }));
    assert.equal(taken.code, 21422);

    const updated = await client
      .incomingPhoneNumbers(bought.sid)
      .update({ smsUrl: test.receiver.at('/per-number') });
    assert.equal(updated.smsUrl, test.receiver.at('/per-number'));
    const filtered = await client.incomingPhoneNumbers.list({ phoneNumber: '+12125550100' });
    assert.equal(filtered.length, 1);

    const sent = await sandbox.sendInboundSms({
      from: '+15550001111',
      to: '+12125550100',
      body: 'to the number',
    });
    assert.equal(
      sent.webhook.url,
      test.receiver.at('/per-number'),
      'a number’s SmsUrl wins over the default webhook',
    );

    assert.equal(await client.incomingPhoneNumbers(bought.sid).remove(), true);
    assert.equal((await client.incomingPhoneNumbers.list({ phoneNumber: '+12125550100' })).length, 0);
  });

  it('posts an inbound SMS to TWILIO_INBOUND_WEBHOOK_URL exactly as Twilio does, signed', async () => {
    const result = await sandbox.sendInboundSms({
      from: '+447700900456',
      to: OWNED,
      body: 'Your code: 998877',
    });
    assert.equal(result.webhook.ok, true);
    assert.equal(result.webhook.status, 200);
    assert.match(result.message.sid, /^SM/);

    const [request] = await test.receiver.waitFor(
      (r) => r.path === HOOKS.twilioInbound && fields(r).MessageSid === result.message.sid,
    );
    assert.ok(request);
    const form = fields(request);
    assert.equal(form.From, '+447700900456');
    assert.equal(form.To, OWNED);
    assert.equal(form.Body, 'Your code: 998877');
    assert.equal(form.AccountSid, test.config.twilio.accountSid);
    assert.equal(form.NumMedia, '0');
    assert.equal(form.SmsStatus, 'received');
    assert.equal(form.FromCountry, 'GB');
    assert.equal(form.ToCountry, 'US');
    assert.equal(form.ApiVersion, '2010-04-01');
    assert.equal(request.headers['user-agent'], 'TwilioProxy/1.1');
    assert.ok(request.headers['i-twilio-idempotency-token']);
    const signature = String(request.headers['x-twilio-signature']);
    assert.equal(twilio.validateRequest(test.config.twilio.authToken, signature, request.url, form), true);
    assert.equal(
      twilio.validateRequest(test.config.twilio.authToken, signature, request.url, { ...form, Body: 'x' }),
      false,
    );

    const inbound = await client.messages(result.message.sid).fetch();
    assert.equal(inbound.direction, 'inbound');
  });

  it('records a webhook that refuses the inbound SMS', async () => {
    test.receiver.respondWith(HOOKS.twilioInbound, 403);
    try {
      const result = await sandbox.sendInboundSms({ from: '+15550002222', to: OWNED, body: 'refused' });
      expect(result.webhook).toStrictEqual({
        url: test.receiver.at(HOOKS.twilioInbound),
        ok: false,
        status: 403,
      });
    } finally {
      test.receiver.respondWith(HOOKS.twilioInbound, 200);
    }
  });

  it('fails SDK calls with the fault asked for: 429 (20429), 503 and 500', async () => {
    await sandbox.setFault({ provider: 'twilio', status: 429, retryAfterSeconds: 3 });
    const limited = await failure(() =>
      client.messages.create({ to: '+15558675310', from: OWNED, body: 'x' }),
    );
    assert.equal(limited.status, 429);
    assert.equal(limited.code, 20429);

    await sandbox.setFault({ provider: 'twilio', status: 503 });
    await sandbox.setFault({ provider: 'twilio', status: 500 });
    assert.equal(
      (await failure(() => client.messages.list({ limit: 1 }))).code,
      20503,
      'faults apply in order',
    );
    assert.equal((await failure(() => client.messages.list({ limit: 1 }))).status, 500);
    assert.equal((await client.messages.list({ limit: 1 })).length, 1);
  });
});
