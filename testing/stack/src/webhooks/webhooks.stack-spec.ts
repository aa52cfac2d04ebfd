import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberAdded, memberVerified, mfaCreated, type PayloadOf } from '@multimfa/events';
import { EMPTY_TWIML } from '@multimfa/gateway/twiml-answer';
import { type EmailEntry, SandboxClient, type SmsEntry } from '@multimfa/provider-sandbox';
import { messageArrivalChannel } from '@multimfa/service-contracts/messaging';
import { testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import pg from 'pg';
import twilio from 'twilio';
import { signedUpCustomer } from '../testing/accounts.builder.js';
import { freePort, ServiceStack } from '../testing/service-stack.harness.js';

const AUTH_TOKEN = '5a4db0c55a4db0c55a4db0c55a4db0c5';
const ACCOUNT_SID = 'AC00000000000000000000000000000001';
/** The sandbox account's numbers: one per MultiMFA of these tests. */
const NUMBERS = {
  active: '+14155550171',
  inactive: '+14155550172',
  faults: '+14155550173',
  deadEnd: '+14155550175',
  statuses: '+14155550176',
  unowned: '+14155550179',
};

const eventually = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const sid = () => `SM${randomBytes(16).toString('hex')}`;

describe('inbound texts through the gateway are stored once and forwarded to verified members (real messaging, PostgreSQL, Redis, Kafka; Twilio and SendGrid in the sandbox)', () => {
  const stack = new ServiceStack();
  const kafka = createKafka({
    clientId: 'webhooks-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  const producer = kafka.producer();
  const sendgridKeys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  let gatewayUrl: string;
  /** What Twilio and SendGrid post to, as behind an Ingress: the gateway's own address here. */
  let publicUrl: string;
  let messaging: pg.Client;
  let inbox: SandboxClient;
  const subscriber = new Redis(testInfrastructure.redisUrl, { lazyConnect: true });

  const owner = randomUUID();

  async function mfa(number: string, isSubscriptionActive: boolean, userId: string = owner) {
    const payload: PayloadOf<typeof mfaCreated> = {
      mfaId: randomUUID(),
      MFAType: 'MultiMFA',
      userId,
      name: `Team ${number.slice(-2)}`,
      description: '',
      countryId: 1,
      countryIso: 'US',
      plan: { planId: 1, planName: 'Basic', basePrice: 5, noOfUsers: 5 },
      subscriptionId: randomUUID(),
      autoRenewal: true,
      nextPaymentDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      isSubscriptionActive,
      isActive: isSubscriptionActive,
      number,
      purchaseId: randomUUID(),
      createdAt: new Date().toISOString(),
    };
    await publishTestEvent(producer, stack.topicPrefix, mfaCreated, payload);
    return payload;
  }

  async function member(
    mfaId: string,
    forwardMedium: 'EMAIL' | 'MOBILE_NUMBER' | 'BOTH',
    verified: boolean,
    mobileNo: string,
  ) {
    const tag = randomBytes(3).toString('hex');
    const state = {
      memberId: randomUUID(),
      mfaId,
      userId: owner,
      firstName: `Member${tag}`,
      lastName: 'Test',
      mobileNo: forwardMedium === 'EMAIL' ? '' : mobileNo,
      email: forwardMedium === 'MOBILE_NUMBER' ? '' : `member-${tag}@example.com`,
      forwardMedium,
    };
    await publishTestEvent(producer, stack.topicPrefix, memberAdded, {
      ...state,
      status: 'INVITE_SENT',
      addedAt: new Date().toISOString(),
    });
    if (verified) {
      await publishTestEvent(producer, stack.topicPrefix, memberVerified, {
        ...state,
        status: 'VERIFIED',
        invitationId: randomUUID(),
        verifiedAt: new Date().toISOString(),
      });
    }
    return state;
  }

  /** Once messaging has applied the events: the MFA and its members as its view holds them. */
  async function viewed(mfaId: string, members: number) {
    await eventually('the MFA in messaging’s view', async () => {
      const { rows } = await messaging.query(
        'SELECT (SELECT count(*)::int FROM mfa_view WHERE mfa_id = $1) AS mfas, (SELECT count(*)::int FROM member_view WHERE mfa_id = $1) AS members',
        [mfaId],
      );
      return rows[0].mfas === 1 && rows[0].members === members ? true : undefined;
    });
  }

  /** Posts a Twilio-signed form to a webhook path, as Twilio does through the Ingress. */
  async function postSigned(path: string, params: Record<string, string>, signature?: string) {
    const url = `${publicUrl}${path}`;
    return fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  const statusesOf = (message: { recipients: Array<{ status: string }> }) =>
    message.recipients.map((recipient) => recipient.status).sort();

  const inboundForm = (to: string, body: string, messageSid = sid()) => ({
    MessageSid: messageSid,
    SmsSid: messageSid,
    AccountSid: ACCOUNT_SID,
    From: '+447700900555',
    To: to,
    Body: body,
    NumMedia: '0',
    ApiVersion: '2010-04-01',
  });

  async function rows(sql: string, params: unknown[]) {
    return (await messaging.query(sql, params)).rows;
  }

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    await stack.start({
      TWILIO_PHONE_NUMBERS: Object.values(NUMBERS).join(','),
      TWILIO_INBOUND_WEBHOOK_URL: `${publicUrl}/api/webhooks/twilio/sms`,
      SENDGRID_EVENT_WEBHOOK_URL: `${publicUrl}/api/webhooks/sendgrid/events`,
      SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY: sendgridKeys.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      SANDBOX_CALLBACK_DELAY_MS: '50',
    });
    const databaseUrl = await stack.startMessaging({ PUBLIC_API_URL: publicUrl });
    gatewayUrl = (
      await stack.gateway(
        {
          PUBLIC_API_URL: publicUrl,
          SENDGRID_EVENT_WEBHOOK_PUBLIC_KEY: sendgridKeys.publicKey
            .export({ type: 'spki', format: 'der' })
            .toString('base64'),
        },
        port,
      )
    ).url;
    messaging = new pg.Client({ connectionString: databaseUrl });
    await messaging.connect();
    await producer.connect();
    inbox = new SandboxClient(stack.sandboxUrl);
  });

  afterAll(async () => {
    subscriber.disconnect();
    await producer.disconnect();
    await messaging?.end();
    await stack.stop();
  });

  it('forwards a text from the sandbox to each verified member by e-mail and SMS from the MultiMFA’s number, not to an unverified one, and records each recipient as delivered', async () => {
    const team = await mfa(NUMBERS.active, true);
    const both = await member(team.mfaId, 'BOTH', true, '+14155550181');
    const emailOnly = await member(team.mfaId, 'EMAIL', true, '');
    const unverified = await member(team.mfaId, 'BOTH', false, '+14155550183');
    await viewed(team.mfaId, 3);
    const arrivals: string[] = [];
    await subscriber.subscribe(messageArrivalChannel(team.mfaId));
    subscriber.on('message', (_channel, message) => arrivals.push(message));
    const cursor = await inbox.cursor();

    const sent = await inbox.sendInboundSms({
      from: '+447700900123',
      to: NUMBERS.active,
      body: 'Your verification code is 482913',
    });
    expect(sent.webhook).toMatchObject({ ok: true, status: 200 });

    const mail = await inbox.waitForEmail(both.email, { after: cursor, timeoutMs: 30_000 });
    assert.match(mail.subject, /^482913 is your code/, 'the code found in the text leads the subject');
    assert.match(mail.text ?? '', /Your verification code is 482913/);
    assert.match(mail.html ?? '', /Your verification code is 482913/);
    await inbox.waitForEmail(emailOnly.email, { after: cursor, timeoutMs: 30_000 });
    const sms = await inbox.waitForSms(both.mobileNo, { after: cursor, timeoutMs: 30_000 });
    assert.equal(sms.from, NUMBERS.active, 'the SMS goes out from the MultiMFA’s own number');
    assert.match(sms.body, /Your verification code is 482913/);

    const [message] = await rows(
      'SELECT message_id, mfa_id, code FROM inbound_message WHERE message_sid = $1',
      [sent.message.sid],
    );
    assert.equal(message.mfa_id, team.mfaId);
    assert.equal(message.code, '482913');
    const delivered = await eventually('every recipient delivered', async () => {
      const forwards = await rows(
        'SELECT member_id, medium, status FROM forward WHERE message_id = $1 ORDER BY member_id, medium',
        [message.message_id],
      );
      return forwards.length === 3 && forwards.every((f) => f.status === 'delivered') ? forwards : undefined;
    });
    expect(delivered.map((f) => `${f.member_id}:${f.medium}`).sort()).toStrictEqual(
      [`${both.memberId}:EMAIL`, `${both.memberId}:SMS`, `${emailOnly.memberId}:EMAIL`].sort(),
    );
    const toUnverified = (await inbox.messages({ after: cursor })).filter(
      (entry) =>
        (entry.channel === 'email' && entry.to.some((to) => to.email === unverified.email)) ||
        (entry.channel === 'sms' && entry.to === unverified.mobileNo),
    );
    assert.equal(toUnverified.length, 0, 'nothing reaches the unverified member');

    const [log] = await rows('SELECT log_type, mobile_no, members FROM message_log WHERE message_id = $1', [
      message.message_id,
    ]);
    assert.equal(log.log_type, 'INFO');
    assert.equal(log.mobile_no, NUMBERS.active);
    expect(log.members.map((m: { firstName: string }) => m.firstName).sort()).toStrictEqual(
      [both.firstName, emailOnly.firstName].sort(),
    );
    const [counts] = await rows('SELECT * FROM mfa_message_count WHERE mfa_id = $1', [team.mfaId]);
    expect(counts).toMatchObject({ success_count: 3, failure_count: 0, sms_count: 1, email_count: 2 });
    await eventually('the arrival announced', async () => (arrivals.length ? true : undefined));
    expect(JSON.parse(arrivals[0] ?? '{}')).toMatchObject({
      mfaId: team.mfaId,
      messageId: message.message_id,
    });
  });

  it('applies the same MessageSid posted three times at once once: one stored text, one forward per recipient', async () => {
    const team = await mfa('+14155550174', true);
    // The sandbox sends SMS only from numbers it owns; this MultiMFA's members get e-mails.
    const first = await member(team.mfaId, 'EMAIL', true, '');
    const second = await member(team.mfaId, 'EMAIL', true, '');
    await viewed(team.mfaId, 2);
    const cursor = await inbox.cursor();
    const form = inboundForm('+14155550174', 'Code 771234');

    const answers = await Promise.all([1, 2, 3].map(() => postSigned('/api/webhooks/twilio/sms', form)));

    assert.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
    );
    for (const answer of answers) {
      assert.match(answer.headers.get('content-type') ?? '', /^text\/xml/);
      assert.match(await answer.text(), /<Response\/>$/);
    }
    const stored = await rows('SELECT message_id FROM inbound_message WHERE message_sid = $1', [
      form.MessageSid,
    ]);
    assert.equal(stored.length, 1);
    await inbox.waitForEmail(first.email, { after: cursor, timeoutMs: 30_000 });
    await inbox.waitForEmail(second.email, { after: cursor, timeoutMs: 30_000 });
    const forwards = await rows('SELECT member_id FROM forward WHERE message_id = $1', [
      stored[0].message_id,
    ]);
    assert.equal(forwards.length, 2);
    await eventually('both forwards sent', async () => {
      const sent = await rows(`SELECT 1 FROM forward WHERE message_id = $1 AND status <> 'queued'`, [
        stored[0].message_id,
      ]);
      return sent.length === 2 ? true : undefined;
    });
    const emails = (await inbox.messages({ channel: 'email', after: cursor })) as EmailEntry[];
    const to = (entry: EmailEntry) => entry.to.map((address) => address.email);
    assert.equal(emails.filter((entry) => to(entry).includes(first.email)).length, 1);
    assert.equal(emails.filter((entry) => to(entry).includes(second.email)).length, 1);
  });

  it('refuses a forged or missing X-Twilio-Signature with 403 as a JSON error, and stores nothing', async () => {
    const form = inboundForm(NUMBERS.active, 'forged 123456');
    const forged = await postSigned(
      '/api/webhooks/twilio/sms',
      form,
      twilio.getExpectedTwilioSignature(
        'not-the-auth-token-000000000000',
        `${publicUrl}/api/webhooks/twilio/sms`,
        form,
      ),
    );
    assert.equal(forged.status, 403);
    assert.match(forged.headers.get('content-type') ?? '', /^application\/json/);
    expect(await forged.json()).toMatchObject({ isError: true, data: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    const signedForAnotherUrl = await postSigned(
      '/api/webhooks/twilio/sms',
      form,
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, 'https://attacker.example/api/webhooks/twilio/sms', form),
    );
    assert.equal(signedForAnotherUrl.status, 403);
    const missing = await fetch(`${gatewayUrl}/api/webhooks/twilio/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    assert.equal(missing.status, 403);
    const tampered = { ...form, Body: 'changed after signing' };
    const signature = twilio.getExpectedTwilioSignature(
      AUTH_TOKEN,
      `${publicUrl}/api/webhooks/twilio/sms`,
      form,
    );
    assert.equal((await postSigned('/api/webhooks/twilio/sms', tampered, signature)).status, 403);
    assert.deepEqual(
      await rows('SELECT 1 FROM inbound_message WHERE message_sid = $1', [form.MessageSid]),
      [],
    );
  });

  it('keeps a text to a number nobody owns with no MFA, answers the empty TwiML as XML, and logs it as VALIDATION', async () => {
    const form = inboundForm(NUMBERS.unowned, 'Your code is 111222');
    const answer = await postSigned('/api/webhooks/twilio/sms', form);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/xml/);
    assert.equal(await answer.text(), EMPTY_TWIML);
    const [message] = await rows('SELECT message_id, mfa_id FROM inbound_message WHERE message_sid = $1', [
      form.MessageSid,
    ]);
    assert.equal(message.mfa_id, null);
    const logs = await rows('SELECT log_type, mobile_no, mfa_id FROM message_log WHERE message_id = $1', [
      message.message_id,
    ]);
    expect(logs).toStrictEqual([{ log_type: 'VALIDATION', mobile_no: NUMBERS.unowned, mfa_id: null }]);
  });

  it('forwards nothing for a MultiMFA whose subscription expired, and logs a WARNING', async () => {
    const team = await mfa(NUMBERS.inactive, false);
    await member(team.mfaId, 'EMAIL', true, '');
    await viewed(team.mfaId, 1);
    const form = inboundForm(NUMBERS.inactive, 'Your code is 333444');
    assert.equal((await postSigned('/api/webhooks/twilio/sms', form)).status, 200);
    const [message] = await rows('SELECT message_id, mfa_id FROM inbound_message WHERE message_sid = $1', [
      form.MessageSid,
    ]);
    assert.equal(message.mfa_id, team.mfaId, 'the text is kept');
    assert.deepEqual(await rows('SELECT 1 FROM forward WHERE message_id = $1', [message.message_id]), []);
    const logs = await rows('SELECT log_type FROM message_log WHERE message_id = $1', [message.message_id]);
    expect(logs).toStrictEqual([{ log_type: 'WARNING' }]);
  });

  it('delivers every forward exactly once while Twilio and SendGrid refuse about one call in ten with 429 or 500', async () => {
    const team = await mfa(NUMBERS.faults, true);
    const members = [
      await member(team.mfaId, 'BOTH', true, '+14155550191'),
      await member(team.mfaId, 'BOTH', true, '+14155550192'),
    ];
    await viewed(team.mfaId, 2);
    const cursor = await inbox.cursor();
    // 10 texts x 2 members = 20 calls to each provider; 2 of each refused.
    await inbox.setFault({ provider: 'twilio', count: 1, status: 429, retryAfterSeconds: 1 });
    await inbox.setFault({ provider: 'sendgrid', count: 1, status: 429, retryAfterSeconds: 1 });
    const texts = Array.from({ length: 10 }, (_, i) =>
      inboundForm(NUMBERS.faults, `Text ${i} code ${100000 + i}`),
    );
    for (const [i, form] of texts.entries()) {
      if (i === 5) {
        await inbox.setFault({ provider: 'twilio', count: 1, status: 500 });
        await inbox.setFault({ provider: 'sendgrid', count: 1, status: 500 });
      }
      assert.equal((await postSigned('/api/webhooks/twilio/sms', form)).status, 200);
    }

    const forwards = await eventually(
      'every forward sent',
      async () => {
        const all = await rows(
          `SELECT f.status, f.attempts FROM forward f JOIN inbound_message m USING (message_id)
            WHERE m.mfa_id = $1`,
          [team.mfaId],
        );
        return all.length === 40 && all.every((f) => f.status === 'sent' || f.status === 'delivered')
          ? all
          : undefined;
      },
      60_000,
    );
    assert.ok(
      forwards.some((f) => f.attempts > 1),
      'some forwards needed a retry',
    );
    const received = await inbox.messages({ after: cursor, direction: 'outbound', limit: 500 });
    for (const { email, mobileNo } of members) {
      const emails = received.filter(
        (entry): entry is EmailEntry =>
          entry.channel === 'email' && entry.to.some((to) => to.email === email),
      );
      const sms = received.filter(
        (entry): entry is SmsEntry => entry.channel === 'sms' && entry.to === mobileNo,
      );
      expect(emails.map((entry) => /Text (\d+)/.exec(entry.text ?? '')?.[1]).sort()).toStrictEqual(
        texts.map((_, i) => String(i)).sort(),
      );
      expect(sms.map((entry) => /Text (\d+)/.exec(entry.body)?.[1]).sort()).toStrictEqual(
        texts.map((_, i) => String(i)).sort(),
      );
    }
  });

  it('gives up a forward Twilio refuses for good (an invalid number) and logs it as ERROR', async () => {
    const team = await mfa(NUMBERS.deadEnd, true);
    const unreachable = await member(team.mfaId, 'MOBILE_NUMBER', true, '+15005550001');
    await viewed(team.mfaId, 1);
    const form = inboundForm(NUMBERS.deadEnd, 'Your code is 909090');
    assert.equal((await postSigned('/api/webhooks/twilio/sms', form)).status, 200);
    const [message] = await rows('SELECT message_id FROM inbound_message WHERE message_sid = $1', [
      form.MessageSid,
    ]);
    const forward = await eventually('the forward given up', async () => {
      const [row] = await rows('SELECT status, attempts FROM forward WHERE message_id = $1', [
        message.message_id,
      ]);
      return row?.status === 'failed' ? row : undefined;
    });
    assert.equal(forward.attempts, 1, 'a permanent refusal is not retried');
    const errors = await eventually('the ERROR entry', async () => {
      const found = await rows(
        `SELECT members FROM message_log WHERE message_id = $1 AND log_type = 'ERROR'`,
        [message.message_id],
      );
      return found.length ? found : undefined;
    });
    expect(errors[0].members).toStrictEqual([{ firstName: unreachable.firstName, lastName: 'Test' }]);
    const [counts] = await rows(
      'SELECT success_count, failure_count FROM mfa_message_count WHERE mfa_id = $1',
      [team.mfaId],
    );
    expect(counts).toStrictEqual({ success_count: 0, failure_count: 1 });
  });

  it('never moves a recipient’s status back when Twilio’s callbacks arrive out of order', async () => {
    // A text to a MultiMFA without members, and one forward of it written as a builder would: only
    // the callbacks below move it.
    const team = await mfa(NUMBERS.statuses, true);
    await viewed(team.mfaId, 0);
    const form = inboundForm(NUMBERS.statuses, 'Your code is 565656');
    assert.equal((await postSigned('/api/webhooks/twilio/sms', form)).status, 200);
    const [message] = await rows('SELECT message_id FROM inbound_message WHERE message_sid = $1', [
      form.MessageSid,
    ]);
    const forwardId = randomUUID();
    await messaging.query(
      `INSERT INTO forward (forward_id, message_id, mfa_id, member_id, medium, destination, first_name, last_name)
       VALUES ($1, $2, $3, $4, 'SMS', '+14155550199', 'Ada', 'Test')`,
      [forwardId, message.message_id, team.mfaId, randomUUID()],
    );
    const path = `/api/webhooks/twilio/status?forwardId=${forwardId}`;
    const callback = (status: string) => ({
      AccountSid: ACCOUNT_SID,
      MessageSid: sid(),
      MessageStatus: status,
      SmsStatus: status,
    });
    const statusNow = async () =>
      (await rows('SELECT status FROM forward WHERE forward_id = $1', [forwardId]))[0].status;

    assert.equal((await postSigned(path, callback('sent'))).status, 200);
    assert.equal(await statusNow(), 'sent');
    assert.equal((await postSigned(path, callback('queued'))).status, 200);
    assert.equal(await statusNow(), 'sent', 'queued after sent changes nothing');
    assert.equal((await postSigned(path, callback('delivered'))).status, 200);
    assert.equal((await postSigned(path, callback('sent'))).status, 200);
    assert.equal((await postSigned(path, callback('failed'))).status, 200);
    assert.equal(await statusNow(), 'delivered', 'nothing moves a delivered forward');

    const failed = callback('failed');
    const forged = await postSigned(
      `/api/webhooks/twilio/status?forwardId=${randomUUID()}`,
      failed,
      twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${publicUrl}${path}`, failed),
    );
    assert.equal(forged.status, 403, 'a signature for another URL does not carry over');
  });

  it('lists a MultiMFA’s recent texts with each recipient’s status to its owner, and answers 404 to another customer', async () => {
    const customer = await signedUpCustomer(gatewayUrl, 'owner');
    const session = await customer.call<{ data: { userId: string } }>('GET', '/api/auth/session');
    const team = await mfa('+14155550177', true, session.body.data.userId);
    const reached = await member(team.mfaId, 'EMAIL', true, '');
    await viewed(team.mfaId, 1);
    const form = inboundForm('+14155550177', 'Your verification code is 246810');
    assert.equal((await postSigned('/api/webhooks/twilio/sms', form)).status, 200);
    await inbox.waitForEmail(reached.email, { timeoutMs: 30_000 });

    type Listed = {
      data: { messages: Array<Record<string, unknown> & { recipients: Array<{ status: string }> }> };
    };
    const listed = await eventually('the forward delivered', async () => {
      const answer = await customer.call<Listed>('GET', `/api/plan/messages/${team.mfaId}`);
      const [message] = answer.body.data.messages;
      return message && statusesOf(message).join() === 'delivered' ? answer : undefined;
    });
    assert.equal(listed.status, 200);
    assert.equal(JSON.stringify(listed.body).includes('246810'), false, 'the list never carries the code');
    expect(listed.body.data.messages).toStrictEqual([
      {
        messageId: expect.any(String),
        sender: form.From,
        receivedAt: expect.any(String),
        // The code and body only through a recorded reveal (code-audit), never in the list.
        hasCode: true,
        codeService: null,
        recipients: [
          {
            memberId: reached.memberId,
            firstName: reached.firstName,
            lastName: 'Test',
            medium: 'EMAIL',
            status: 'delivered',
            sentAt: expect.any(String),
            late: false,
          },
        ],
        destinations: [],
        deliveredCount: 1,
      },
    ]);

    const stranger = await signedUpCustomer(gatewayUrl, 'stranger');
    const refused = await stranger.call('GET', `/api/plan/messages/${team.mfaId}`);
    assert.equal(refused.status, 404);
    assert.equal((await stranger.call('GET', '/api/plan/messages/not-a-uuid')).status, 400);
  });

  it('refuses SendGrid events whose ECDSA signature is missing or forged', async () => {
    const body = JSON.stringify([{ event: 'bounce', emailId: randomUUID() }]);
    const missing = await fetch(`${gatewayUrl}/api/webhooks/sendgrid/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    assert.equal(missing.status, 403);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const { sign } = await import('node:crypto');
    const forged = await fetch(`${gatewayUrl}/api/webhooks/sendgrid/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-twilio-email-event-webhook-timestamp': timestamp,
        'x-twilio-email-event-webhook-signature': sign(
          'sha256',
          Buffer.from(timestamp + body),
          otherKey,
        ).toString('base64'),
      },
      body,
    });
    assert.equal(forged.status, 403);
  });

  it('refuses a replayed SendGrid batch: correctly signed, but signed more than 10 minutes ago (or ahead)', async () => {
    const body = JSON.stringify([{ event: 'bounce', emailId: randomUUID() }]);
    const { sign } = await import('node:crypto');
    const post = (signedAtSeconds: number) => {
      const timestamp = String(signedAtSeconds);
      return fetch(`${gatewayUrl}/api/webhooks/sendgrid/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-twilio-email-event-webhook-timestamp': timestamp,
          'x-twilio-email-event-webhook-signature': sign(
            'sha256',
            Buffer.from(timestamp + body),
            sendgridKeys.privateKey,
          ).toString('base64'),
        },
        body,
      });
    };
    const now = Math.floor(Date.now() / 1000);
    assert.ok((await post(now)).ok, 'the batch as signed now is taken');
    for (const signedAt of [now - 11 * 60, now - 24 * 3600, now + 11 * 60]) {
      const replayed = await post(signedAt);
      assert.equal(replayed.status, 403);
      expect(await replayed.json()).toStrictEqual({
        isError: true,
        message: 'The webhook was signed too long ago; only batches signed within 10 minutes are taken',
        data: { code: 'WEBHOOK_SIGNATURE_EXPIRED' },
      });
    }
  });
});
