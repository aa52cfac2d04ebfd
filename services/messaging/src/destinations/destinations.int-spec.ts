import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { EventBusServer } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { memberVerified, mfaCreated } from '@multimfa/events';
import { SandboxClient, type SlackEntry, type WebhookEntry } from '@multimfa/provider-sandbox';
import { createSandbox, loadSandboxSettings, type Sandbox } from '@multimfa/provider-sandbox/server';
import { eventually } from '@multimfa/service-runtime/testing';
import { InboundService } from '../inbound/inbound.service.js';
import { createdMfa, verifiedMember } from '../testing/directory-events.builder.js';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';

const randomNumber = () => `+1415${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const slackUrl = () =>
  `https://hooks.slack.com/services/T${randomBytes(4).toString('hex').toUpperCase()}/B${randomBytes(4)
    .toString('hex')
    .toUpperCase()}/${randomBytes(12).toString('hex')}`;

describe('destinations: Slack channels and webhooks beside members (real PostgreSQL, Redis and Kafka)', () => {
  let messaging: MessagingTestApp;
  // Slack and the customer's webhook endpoint: a sandbox of their own, so the test reads only their posts.
  let outside: Sandbox;
  let outsideClient: SandboxClient;
  let receiverBase: string;

  beforeAll(async () => {
    outside = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
    const url = await outside.listen(0, '127.0.0.1');
    outsideClient = new SandboxClient(url);
    receiverBase = `${url}/webhook-receiver`;
    messaging = await startMessagingTestApp({
      SLACK_WEBHOOK_BASE_URL: url,
      DESTINATION_ALLOW_PRIVATE_HOSTS: new URL(url).host,
    });
    await messaging.app.get(EventBusServer).joined();
  });
  afterAll(async () => {
    await messaging?.close();
    await outside?.close();
  });

  /** A MultiMFA on a new number with one verified e-mail member, as numbers' events tell messaging. */
  async function team() {
    const number = randomNumber();
    const mfa = createdMfa({ number });
    await publishTestEvent(messaging.producer, messaging.prefix, mfaCreated, mfa);
    const member = verifiedMember(mfa.mfaId);
    await publishTestEvent(messaging.producer, messaging.prefix, memberVerified, member);
    await eventually('the member in the directory', async () => {
      const rows = await messaging.database.query('SELECT 1 FROM member_view WHERE member_id = $1', [
        member.memberId,
      ]);
      return rows.length ? true : undefined;
    });
    return { mfaId: mfa.mfaId, userId: mfa.userId as string, number, member };
  }

  const text = (to: string, from: string, body: string) =>
    messaging.app
      .get(InboundService)
      .receive({ messageSid: `SM${randomBytes(16).toString('hex')}`, from, to, body });

  async function addSlack(
    owner: { userId: string; mfaId: string },
    content: 'code_only' | 'full' = 'code_only',
  ) {
    const url = slackUrl();
    const path = new URL(url).pathname;
    const after = await outsideClient.cursor();
    const created = await messaging.call<{ destination: { destinationId: string; status: string } }>(
      'POST',
      `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`,
      { kind: 'slack', name: `Slack ${path.slice(-4)}`, url, content },
    );
    assert.equal(created.status, 201);
    assert.equal(created.body.destination.status, 'pending');
    const test = await outsideClient.waitForSlackPost(path, { after });
    const code = /type (\d{3}-\d{3})/.exec(test.text)?.[1];
    assert.ok(code, test.text);
    const { destinationId } = created.body.destination;
    const confirmed = await messaging.call<{ destination: { status: string } }>(
      'POST',
      `/users/${owner.userId}/destinations/${destinationId}/confirm`,
      { code },
    );
    assert.equal(confirmed.body.destination.status, 'active');
    return { destinationId, path };
  }

  async function addWebhook(
    owner: { userId: string; mfaId: string },
    content: 'code_only' | 'full' = 'full',
  ) {
    const name = `hook-${randomBytes(4).toString('hex')}`;
    const created = await messaging.call<{
      destination: { destinationId: string; status: string };
      signingSecret: string;
    }>('POST', `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`, {
      kind: 'webhook',
      name,
      url: `${receiverBase}/${name}`,
      content,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.destination.status, 'active');
    await outsideClient.setWebhookSecret(name, created.body.signingSecret);
    return { destinationId: created.body.destination.destinationId, name };
  }

  const deliveryOf = async (messageId: string, destinationId: string) => {
    const [row] = await messaging.database.query(
      'SELECT status, attempts FROM destination_delivery WHERE message_id = $1 AND destination_id = $2',
      [messageId, destinationId],
    );
    return row as { status: string; attempts: number } | undefined;
  };

  it('activates a Slack channel only with the code of its test post (a wrong code is refused), and records the seat event', async () => {
    const owner = await team();
    const url = slackUrl();
    const after = await outsideClient.cursor();
    const created = await messaging.call<{ destination: { destinationId: string } }>(
      'POST',
      `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`,
      { kind: 'slack', name: 'Ops', url, content: 'code_only' },
    );
    const { destinationId } = created.body.destination;
    const test = await outsideClient.waitForSlackPost(new URL(url).pathname, { after });
    const code = /type (\d{3}-\d{3})/.exec(test.text)?.[1] ?? '';
    const wrong = code === '000-000' ? '111-111' : '000-000';
    const refused = await messaging.call<{ data: { code: string } }>(
      'POST',
      `/users/${owner.userId}/destinations/${destinationId}/confirm`,
      { code: wrong },
    );
    assert.equal(refused.status, 422);
    // A pending channel gets no text.
    const pending = await text(owner.number, 'Google', 'G-111222 is your Google verification code.');
    assert.equal(await deliveryOf(pending.messageId, destinationId), undefined);
    const ok = await messaging.call('POST', `/users/${owner.userId}/destinations/${destinationId}/confirm`, {
      code: code.replace('-', ''),
    });
    assert.equal(ok.status, 200);
    const outbox = await messaging.database.query(
      `SELECT 1 FROM outbox_event
        WHERE event_type = 'messaging.destination.added' AND envelope->'payload'->>'destinationId' = $1`,
      [destinationId],
    );
    assert.equal(outbox.length, 1);
  });

  it('sends each text to Slack as Block Kit (code only: never the body) and to the webhook signed, beside the member’s e-mail', async () => {
    const owner = await team();
    const slack = await addSlack(owner, 'code_only');
    const hook = await addWebhook(owner, 'full');
    const after = await outsideClient.cursor();
    const body = 'G-482913 is your Google verification code.';
    const { messageId } = await text(owner.number, 'Google', body);
    const post: SlackEntry = await outsideClient.waitForSlackPost(slack.path, { after });
    // Compared as JSON: the entry was parsed outside the test's realm.
    assert.equal(
      JSON.stringify(post.blocks[0]),
      JSON.stringify({ type: 'header', text: { type: 'plain_text', text: '482913', emoji: false } }),
    );
    assert.ok(JSON.stringify(post.blocks).includes(`Number: ${owner.number}`));
    assert.ok(!JSON.stringify(post).includes('verification code'), 'code only: the body is never posted');
    const hooked: WebhookEntry = await outsideClient.waitForWebhook(hook.name, { after });
    assert.equal(hooked.signatureValid, true);
    const event = JSON.parse(hooked.body);
    assert.deepEqual(
      { ...event, id: undefined },
      {
        id: undefined,
        type: 'message.received',
        messageId,
        number: owner.number,
        sender: 'Google',
        code: '482913',
        service: 'Google',
        body,
        receivedAt: event.receivedAt,
      },
    );
    await messaging.inbox.waitForEmail(owner.member.email, { timeoutMs: 15_000 });
    await eventually('both deliveries delivered', async () =>
      (await deliveryOf(messageId, slack.destinationId))?.status === 'delivered' &&
      (await deliveryOf(messageId, hook.destinationId))?.status === 'delivered'
        ? true
        : undefined,
    );
  });

  it('forwards to the member without waiting for a destination that hangs, and retries a refused delivery, logging each attempt', async () => {
    const owner = await team();
    const hook = await addWebhook(owner);
    // The endpoint takes 8 s to answer the next call, and then refuses it with 503.
    await outsideClient.setFault({ provider: 'webhook', status: 503, latencyMs: 8_000, count: 1 });
    const began = Date.now();
    const { messageId } = await text(owner.number, '+15550009999', 'Your code is 771234');
    await messaging.inbox.waitForEmail(owner.member.email, { timeoutMs: 7_000 });
    assert.ok(Date.now() - began < 7_000, 'the member’s e-mail did not wait for the slow webhook');
    await eventually(
      'the delivery delivered after a refused attempt',
      async () =>
        (await deliveryOf(messageId, hook.destinationId))?.status === 'delivered' ? true : undefined,
      40_000,
    );
    const attempts: Array<{ attempt: number; outcome: string; response_code: number | null }> =
      await messaging.database.query(
        `SELECT a.attempt, a.outcome, a.response_code FROM destination_attempt a
           JOIN destination_delivery d ON d.delivery_id = a.delivery_id WHERE d.message_id = $1 ORDER BY a.attempt`,
        [messageId],
      );
    assert.deepEqual(attempts.at(-1), { attempt: attempts.length, outcome: 'delivered', response_code: 200 });
    assert.ok(
      attempts.some((attempt) => attempt.response_code === 503),
      JSON.stringify(attempts),
    );
  });

  it('gives a Slack delivery up at once when Slack answers 410 no_service', async () => {
    const owner = await team();
    const slack = await addSlack(owner);
    await outsideClient.setFault({ provider: 'slack', status: 410, count: 1 });
    const { messageId } = await text(owner.number, 'Google', 'G-555666 is your Google verification code.');
    await eventually('the delivery failed', async () =>
      (await deliveryOf(messageId, slack.destinationId))?.status === 'failed' ? true : undefined,
    );
    assert.equal((await deliveryOf(messageId, slack.destinationId))?.attempts, 1);
  });

  it('routes by service to the chosen destination only, refuses a rule naming another MultiMFA’s member, and holds unknown senders until released once', async () => {
    const owner = await team();
    const other = await team();
    const slack = await addSlack(owner);
    const hook = await addWebhook(owner);
    const stranger = await messaging.call<{ data: { memberId: string } }>(
      'PUT',
      `/users/${owner.userId}/mfas/${owner.mfaId}/routing`,
      {
        holdUnknown: true,
        rules: [
          {
            matchKind: 'service',
            matchValue: 'Google',
            memberIds: [other.member.memberId],
            destinationIds: [],
          },
        ],
      },
    );
    assert.equal(stranger.status, 422);
    const saved = await messaging.call('PUT', `/users/${owner.userId}/mfas/${owner.mfaId}/routing`, {
      holdUnknown: true,
      rules: [
        { matchKind: 'service', matchValue: 'google', memberIds: [], destinationIds: [slack.destinationId] },
      ],
    });
    assert.equal(saved.status, 200);

    const google = await text(owner.number, 'Google', 'G-246810 is your Google verification code.');
    await eventually('the Slack delivery', async () =>
      (await deliveryOf(google.messageId, slack.destinationId))?.status === 'delivered' ? true : undefined,
    );
    assert.equal(await deliveryOf(google.messageId, hook.destinationId), undefined);
    const forwards = await messaging.database.query('SELECT 1 FROM forward WHERE message_id = $1', [
      google.messageId,
    ]);
    assert.equal(forwards.length, 0, 'the rule names no member');

    const unknown = await text(owner.number, '+15550001234', 'Your login code is 135790');
    const held = await messaging.call<{ messages: Array<{ messageId: string }> }>(
      'GET',
      `/users/${owner.userId}/mfas/${owner.mfaId}/held`,
    );
    assert.deepEqual(
      [...held.body.messages].map((message) => message.messageId),
      [unknown.messageId],
    );
    assert.equal(await deliveryOf(unknown.messageId, hook.destinationId), undefined);
    const notOwner = await messaging.call('POST', `/users/${other.userId}/held/${unknown.messageId}/release`);
    assert.equal(notOwner.status, 404);
    const released = await messaging.call<{ forwards: number }>(
      'POST',
      `/users/${owner.userId}/held/${unknown.messageId}/release`,
    );
    assert.deepEqual([released.status, released.body.forwards], [200, 3]);
    const again = await messaging.call('POST', `/users/${owner.userId}/held/${unknown.messageId}/release`);
    assert.equal(again.status, 404);
    await messaging.inbox.waitForEmail(owner.member.email, { timeoutMs: 15_000 });
    await eventually('the released text at both destinations', async () =>
      (await deliveryOf(unknown.messageId, hook.destinationId))?.status === 'delivered' &&
      (await deliveryOf(unknown.messageId, slack.destinationId))?.status === 'delivered'
        ? true
        : undefined,
    );
  });

  it.each([
    ['https://127.0.0.1/hook', 'DESTINATION_ADDRESS_REFUSED'],
    ['https://10.1.2.3/hook', 'DESTINATION_ADDRESS_REFUSED'],
    ['https://169.254.169.254/latest/meta-data/', 'DESTINATION_ADDRESS_REFUSED'],
    ['https://[::ffff:127.0.0.1]/hook', 'DESTINATION_ADDRESS_REFUSED'],
    ['http://hooks.example.com/hook', 'DESTINATION_URL_INVALID'],
  ])('refuses a webhook to %s with 422 %s, and stores nothing', async (url, code) => {
    const owner = await team();
    const answer = await messaging.call<{ isError: boolean; data: { code: string } }>(
      'POST',
      `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`,
      { kind: 'webhook', name: 'Attack', url, content: 'full' },
    );
    assert.deepEqual([answer.status, answer.body.isError, answer.body.data.code], [422, true, code]);
    const rows = await messaging.database.query('SELECT 1 FROM destination WHERE mfa_id = $1', [owner.mfaId]);
    assert.equal(rows.length, 0);
  });

  it('refuses a malformed Slack URL and a webhook that does not echo its challenge', async () => {
    const owner = await team();
    const slack = await messaging.call<{ data: { code: string } }>(
      'POST',
      `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`,
      {
        kind: 'slack',
        name: 'Bad',
        url: 'https://hooks.slack.com.evil.example/services/T1/B1/x',
        content: 'full',
      },
    );
    assert.deepEqual([slack.status, slack.body.data.code], [422, 'DESTINATION_URL_INVALID']);
    const silent = await messaging.call<{ data: { code: string } }>(
      'POST',
      `/users/${owner.userId}/mfas/${owner.mfaId}/destinations`,
      { kind: 'webhook', name: 'Silent', url: `${receiverBase}/no-echo-${randomUUID()}`, content: 'full' },
    );
    assert.deepEqual([silent.status, silent.body.data.code], [422, 'DESTINATION_TEST_FAILED']);
  });

  it('answers 404 for another customer’s MultiMFA and destination', async () => {
    const owner = await team();
    const other = await team();
    const hook = await addWebhook(owner);
    const list = await messaging.call('GET', `/users/${other.userId}/mfas/${owner.mfaId}/destinations`);
    const remove = await messaging.call(
      'DELETE',
      `/users/${other.userId}/destinations/${hook.destinationId}`,
    );
    const routing = await messaging.call('GET', `/users/${other.userId}/mfas/${owner.mfaId}/routing`);
    assert.deepEqual([list.status, remove.status, routing.status], [404, 404, 404]);
  });
});
