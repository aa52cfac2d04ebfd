import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { SandboxClient } from '../client/sandbox-client.js';
import { HOOKS, startTestSandbox, type TestSandbox } from '../testing/test-sandbox.js';
import type { ReceivedRequest } from '../testing/webhook-receiver.js';

/** What a service does: its own client, the API key, then the sandbox as base URL (setApiKey resets it). */
function sendgridClient(test: TestSandbox, apiKey = test.config.sendgrid.apiKey): Client {
  const client = new Client();
  client.setApiKey(apiKey);
  client.setDefaultRequest('baseUrl', test.url);
  return client;
}

function mailer(test: TestSandbox, apiKey?: string): MailService {
  const mail = new MailService();
  mail.setClient(sendgridClient(test, apiKey));
  return mail;
}

interface SendgridErrorBody {
  errors: Array<{ message: string; field: string | null; help: string | null }>;
}

async function responseError(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    return error as { code: number; response: { headers: Record<string, string>; body: SendgridErrorBody } };
  }
  throw new Error('expected the call to fail');
}

/** Verifies SendGrid's event webhook signature as @sendgrid/eventwebhook does (ECDSA P-256, SHA-256). */
function signatureValid(request: ReceivedRequest, publicKey: string): boolean {
  const timestamp = String(request.headers['x-twilio-email-event-webhook-timestamp']);
  const signature = String(request.headers['x-twilio-email-event-webhook-signature']);
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return verify('sha256', Buffer.from(timestamp + request.body), key, Buffer.from(signature, 'base64'));
}

/** The events of one mail in the batches posted, in the order posted. */
const eventsOf = (deliveries: ReceivedRequest[], messageId: string) =>
  deliveries
    .flatMap((request) => JSON.parse(request.body) as Array<Record<string, unknown>>)
    .filter((event) => String(event.sg_message_id).startsWith(`${messageId}.`));

describe('sendgrid sandbox through @sendgrid/mail', () => {
  let test: TestSandbox;
  let sandbox: SandboxClient;
  let publicKey: string;

  beforeAll(async () => {
    test = await startTestSandbox();
    sandbox = new SandboxClient(test.url);
    const [response, body] = await sendgridClient(test).request({
      method: 'GET',
      url: '/v3/user/webhooks/event/settings/signed',
    });
    assert.equal(response.statusCode, 200);
    publicKey = (body as { public_key: string }).public_key;
  });
  beforeEach(() => sandbox.clearFaults());
  afterAll(() => test.stop());

  it('accepts a mail send with 202 and X-Message-Id, and the inbox shows the e-mail', async () => {
    const cursor = await sandbox.cursor();
    const [response] = await mailer(test).send({
      to: { email: 'member@example.com', name: 'Team Member' },
      from: { email: 'noreply@multimfa.example', name: 'MultiMFA' },
      subject: 'Your verification code',
      text: 'Code 123456. Open https://app.example/verify?c=1',
      html: '<p>Code <b>123456</b>. <a href="https://app.example/verify?c=1">Verify</a></p>',
      customArgs: { messageId: 'msg-1' },
      categories: ['verification'],
    });
    assert.equal(response.statusCode, 202);
    const messageId = response.headers['x-message-id'];
    assert.match(String(messageId), /^\w{22}$/);

    const mail = await sandbox.waitForEmail('MEMBER@example.com', { after: cursor });
    assert.equal(mail.messageId, messageId);
    assert.equal(mail.subject, 'Your verification code');
    expect(mail.from).toStrictEqual({ email: 'noreply@multimfa.example', name: 'MultiMFA' });
    expect(mail.to).toStrictEqual([{ email: 'member@example.com', name: 'Team Member' }]);
    assert.match(mail.html ?? '', /<b>123456<\/b>/);
    assert.match(mail.text ?? '', /^Code 123456/);
    expect(mail.customArgs).toStrictEqual({ messageId: 'msg-1' });
    assert.equal((await sandbox.lastEmailTo('member@example.com'))?.id, mail.id);
  });

  it('posts signed events (processed, then delivered) with custom_args to SENDGRID_EVENT_WEBHOOK_URL', async () => {
    const [response] = await mailer(test).send({
      to: 'events@example.com',
      from: 'noreply@multimfa.example',
      subject: 'Events',
      text: 'hello',
      customArgs: { forwardId: 'f-7' },
    });
    const messageId = String(response.headers['x-message-id']);
    // This mail's delivered event (a batch may also hold other mails' events).
    await test.receiver.waitFor(
      (request) =>
        request.path === HOOKS.sendgrid &&
        eventsOf([request], messageId).some((event) => event.event === 'delivered'),
    );
    const deliveries = test.receiver.to(HOOKS.sendgrid).filter((request) => request.body.includes(messageId));
    const events = eventsOf(deliveries, messageId);
    assert.deepEqual(
      events.map((event) => event.event),
      ['processed', 'delivered'],
    );
    for (const event of events) {
      assert.equal(event.email, 'events@example.com');
      assert.equal(event.forwardId, 'f-7');
      assert.ok(String(event.sg_message_id).startsWith(`${messageId}.`));
      assert.equal(typeof event.timestamp, 'number');
    }
    for (const request of deliveries) {
      assert.equal(signatureValid(request, publicKey), true);
      assert.equal(
        signatureValid({ ...request, body: request.body.replace('events@', 'other@') }, publicKey),
        false,
      );
    }
    assert.equal((await sandbox.lastEmailTo('events@example.com'))?.status, 'delivered');
  });

  it('bounces recipients whose address starts with "bounce"', async () => {
    const [response] = await mailer(test).send({
      to: 'bounce@example.com',
      from: 'noreply@multimfa.example',
      subject: 'Will bounce',
      text: 'x',
    });
    const messageId = String(response.headers['x-message-id']);
    const deliveries = await test.receiver.waitFor(
      (request) =>
        request.path === HOOKS.sendgrid &&
        eventsOf([request], messageId).some((event) => event.event === 'bounce'),
    );
    const event = eventsOf(deliveries, messageId).find((candidate) => candidate.event === 'bounce');
    assert.equal(event?.type, 'bounce');
    assert.equal(event?.status, '5.1.1');
    assert.equal((await sandbox.lastEmailTo('bounce@example.com'))?.status, 'bounced');
  });

  it('answers 400 with SendGrid’s error shape for a missing from', async () => {
    const error = await responseError(() =>
      mailer(test).send({ to: 'x@example.com', subject: 's', text: 't' } as Parameters<
        MailService['send']
      >[0]),
    );
    assert.equal(error.code, 400);
    assert.deepEqual(error.response.body, {
      errors: [
        {
          message:
            'The from object must be provided for every email send. It is an object that requires the email parameter, but may also contain a name parameter.',
          field: 'from',
          help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.from',
        },
      ],
    });
  });

  it('lists every problem of a bad payload: personalizations, content, a bad address', async () => {
    const client = sendgridClient(test);
    const missing = await responseError(() =>
      client.request({
        method: 'POST',
        url: '/v3/mail/send',
        body: { from: { email: 'a@example.com' }, subject: 's' },
      }),
    );
    assert.equal(missing.code, 400);
    assert.deepEqual(
      missing.response.body.errors.map((item) => item.field),
      ['personalizations', 'content'],
    );
    const badAddress = await responseError(() =>
      client.request({
        method: 'POST',
        url: '/v3/mail/send',
        body: {
          personalizations: [{ to: [{ email: 'not-an-address' }] }],
          from: { email: 'a@example.com' },
          subject: 's',
          content: [{ type: 'text/plain', value: 'x' }],
        },
      }),
    );
    assert.deepEqual(badAddress.response.body.errors, [
      {
        message: 'Does not contain a valid address.',
        field: 'personalizations.0.to.0.email',
        help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to',
      },
    ]);
  });

  it('answers 401 for a wrong key and sends nothing', async () => {
    const error = await responseError(() =>
      mailer(test, 'SG.wrong').send({
        to: 'nobody@example.com',
        from: 'a@example.com',
        subject: 's',
        text: 't',
      }),
    );
    assert.equal(error.code, 401);
    assert.equal(
      error.response.body.errors[0]?.message,
      'The provided authorization grant is invalid, expired, or revoked',
    );
    assert.equal(await sandbox.lastEmailTo('nobody@example.com'), undefined);
  });

  it('accepts a dynamic template without content and shows its data', async () => {
    await mailer(test).send({
      to: 'template@example.com',
      from: 'noreply@multimfa.example',
      templateId: 'd-0123456789abcdef',
      dynamicTemplateData: { code: '654321' },
    });
    const mail = await sandbox.waitForEmail('template@example.com');
    assert.equal(mail.templateId, 'd-0123456789abcdef');
    expect(mail.templateData).toStrictEqual({ code: '654321' });
  });

  it('fails the next send with 429 and rate-limit headers, then recovers', async () => {
    await sandbox.setFault({ provider: 'sendgrid', status: 429, retryAfterSeconds: 2 });
    const error = await responseError(() =>
      mailer(test).send({ to: 'limited@example.com', from: 'a@example.com', subject: 's', text: 't' }),
    );
    assert.equal(error.code, 429);
    assert.equal(error.response.headers['x-ratelimit-remaining'], '0');
    assert.ok(Number(error.response.headers['x-ratelimit-reset']) > Date.now() / 1000);
    assert.equal(error.response.body.errors[0]?.message, 'too many requests');
    const [ok] = await mailer(test).send({
      to: 'limited@example.com',
      from: 'a@example.com',
      subject: 's',
      text: 't',
    });
    assert.equal(ok.statusCode, 202);
  });
});

describe('the sendgrid event webhook batches', () => {
  let test: TestSandbox;

  beforeAll(async () => {
    test = await startTestSandbox({ SENDGRID_EVENT_BATCH_MS: '500' });
  });
  afterAll(() => test.stop());

  it('posts the events of mails sent within one interval as one signed array, each mail in order', async () => {
    const sent = await Promise.all(
      ['one', 'two', 'three'].map((name) =>
        mailer(test).send({
          to: `${name}@example.com`,
          from: 'noreply@multimfa.example',
          subject: name,
          text: name,
        }),
      ),
    );
    const ids = sent.map(([response]) => String(response.headers['x-message-id']));
    const [batch] = await test.receiver.waitFor((request) => request.path === HOOKS.sendgrid);
    const events = JSON.parse(batch?.body ?? '[]') as Array<Record<string, unknown>>;
    for (const id of ids)
      assert.deepEqual(
        events
          .filter((event) => String(event.sg_message_id).startsWith(`${id}.`))
          .map((event) => event.event),
        ['processed', 'delivered'],
      );
    expect(test.receiver.to(HOOKS.sendgrid)).toHaveLength(1);
  });
});
