import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readTopic } from '@multimfa/event-bus';
import { publishedCodes, type ServiceTestApp, startServiceTestApp } from '@multimfa/event-bus/testing';
import { openSecret, TOPICS } from '@multimfa/events';
import type { DataSource } from 'typeorm';
import { identityService } from '../service.definition.js';

type Json = Record<string, unknown>;

describe('identity: accounts and one-time codes (real PostgreSQL, Redis, Kafka)', () => {
  let identity: ServiceTestApp;
  let topicPrefix: string;
  let kafka: ServiceTestApp['kafka'];
  let database: DataSource;

  const call = (method: string, path: string, body?: unknown) => identity.call<Json>(method, path, body);

  async function register(overrides: Json = {}) {
    const emailAddress = `user-${randomBytes(4).toString('hex')}@example.com`;
    const { status, body } = await call('POST', '/users', {
      emailAddress,
      password: 'correct horse battery',
      firstName: 'Grace',
      lastName: 'Hopper',
      mobileNo: '+12125550199',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
      ...overrides,
    });
    assert.equal(status, 201, JSON.stringify(body));
    return body as { userId: string; emailAddress: string; isVerified: boolean };
  }

  /**
   * What identity published about one user, in order: read from Kafka (notification rows leave the
   * outbox as soon as they are published).
   */
  async function events(userId: string): Promise<Array<{ type: string; payload: Json }>> {
    await outboxDrained();
    const topics = [TOPICS.identityUser, TOPICS.identityNotification].map((t) => `${topicPrefix}${t.name}`);
    const messages = (await Promise.all(topics.map((topic) => readTopic(kafka, topic)))).flat();
    return messages
      .map(({ message }) => JSON.parse(message.value?.toString('utf8') ?? '{}'))
      .filter((envelope) => envelope.key === userId)
      .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  }

  /** Waits until the relay has published every outbox row. */
  async function outboxDrained(): Promise<void> {
    for (let i = 0; i < 200; i += 1) {
      const [row] = await database.query(
        'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
      );
      if (row.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail('the outbox was not published');
  }

  /** How many notifications identity has published (all of them, once the outbox is drained). */
  async function notificationsPublished(): Promise<number> {
    await outboxDrained();
    return (await readTopic(kafka, `${topicPrefix}${TOPICS.identityNotification.name}`)).length;
  }

  const REJECTED = 'The code is not correct, or it has expired. Please check it or request a new one';

  /** Makes the user's live codes near their end (under the 2 minutes a resend needs). */
  async function nearExpiry(userId: string) {
    await database.query(
      `UPDATE one_time_code SET expires_at = now() + interval '90 seconds' WHERE user_id = $1`,
      [userId],
    );
  }

  async function codes(userId: string, kind: string): Promise<string[]> {
    await outboxDrained();
    return publishedCodes(kafka, { topicPrefix, sealingKey }, (n) => n.userId === userId && n.kind === kind);
  }

  const sealingKey = randomBytes(32).toString('base64');

  beforeAll(async () => {
    identity = await startServiceTestApp(identityService, {
      database: 'identity',
      settings: { CODE_HMAC_KEY: randomBytes(32).toString('hex'), EVENT_SEALING_KEY: sealingKey },
    });
    ({ prefix: topicPrefix, kafka, database } = identity);
  });

  afterAll(() => identity?.close());

  it('registers a user and publishes the fact and the verification e-mail in the same transaction', async () => {
    const user = await register();
    assert.equal(user.isVerified, false);
    const published = await events(user.userId);
    assert.deepEqual(
      published.map((event) => [event.type, event.payload.kind ?? null]),
      [
        ['identity.user.registered', null],
        ['identity.notification.requested', 'EMAIL_VERIFICATION_CODE'],
      ],
    );
    const notification = published[1]?.payload as {
      sealedCode: string;
      notificationId: string;
      code?: unknown;
    };
    assert.equal(notification.code, undefined, 'the code is not in the event in plain text');
    assert.match(openSecret(sealingKey, notification.sealedCode, notification.notificationId), /^\d{6}$/);
    const [row] = await database.query('SELECT password_hash FROM app_user WHERE user_id = $1', [
      user.userId,
    ]);
    assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('accepts any live code, once, and counts wrong tries up to five', async () => {
    const user = await register();
    await nearExpiry(user.userId);
    await call('POST', `/users/${user.userId}/verification-code`);
    const [first, second] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    assert.ok(first && second);
    assert.notEqual(first, second);
    const wrong = [first, second].includes('000000') ? '000001' : '000000';
    const failure = await call('POST', `/users/${user.userId}/email-verification`, { code: wrong });
    assert.equal(failure.status, 400);
    assert.equal(failure.body.message, REJECTED);
    const ok = await call('POST', `/users/${user.userId}/email-verification`, { code: first });
    assert.equal(ok.status, 200, 'the code of the earlier e-mail still works');
    assert.equal(ok.body.isVerified, true);
    assert.deepEqual(
      (await events(user.userId)).map((event) => event.type).at(-1),
      'identity.user.email-verified',
    );
  });

  it('locks the codes after the fifth wrong try, even against the right code', async () => {
    const user = await register();
    const [code] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    const wrong = code === '111111' ? '222222' : '111111';
    const messages: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      messages.push(
        (await call('POST', `/users/${user.userId}/email-verification`, { code: wrong })).body.message,
      );
    }
    assert.deepEqual(messages, [REJECTED, REJECTED, REJECTED, REJECTED, REJECTED]);
    const right = await call('POST', `/users/${user.userId}/email-verification`, { code });
    assert.equal(right.status, 400);
    assert.equal(right.body.message, REJECTED, 'a locked code answers like a wrong one');
  });

  it('refuses an expired code', async () => {
    const user = await register();
    const [code] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    await database.query(
      `UPDATE one_time_code SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [user.userId],
    );
    const expired = await call('POST', `/users/${user.userId}/email-verification`, { code });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.message, REJECTED, 'an expired code answers like a wrong one');
  });

  it('resends the live code instead of minting new ones', async () => {
    const user = await register();
    for (let i = 0; i < 5; i += 1) {
      assert.equal((await call('POST', `/users/${user.userId}/verification-code`)).status, 204);
    }
    const sent = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    assert.equal(sent.length, 6);
    assert.deepEqual(new Set(sent).size, 1, 'the same live code, e-mailed again');
    const [{ n }] = await database.query('SELECT count(*)::int AS n FROM one_time_code WHERE user_id = $1', [
      user.userId,
    ]);
    assert.equal(n, 1, 'the hourly allowance of new codes is untouched');
  });

  it('limits how many new codes one address can be sent in an hour', async () => {
    const user = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await nearExpiry(user.userId);
      statuses.push((await call('POST', `/users/${user.userId}/verification-code`)).status);
    }
    assert.deepEqual(statuses, [204, 204, 204, 204, 429], 'the sign-up e-mail was the first of five');
  });

  it('counts wrong tries across every live code: five in total, not five per code', async () => {
    const user = await register();
    const [first] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    const wrong = first === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i += 1) {
      await call('POST', `/users/${user.userId}/email-verification`, { code: wrong });
    }
    await nearExpiry(user.userId);
    await call('POST', `/users/${user.userId}/verification-code`);
    const [, second] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    assert.ok(second && second !== first, 'a second live code');
    const fifth = wrong === second ? '000002' : wrong;
    await call('POST', `/users/${user.userId}/email-verification`, { code: fifth });
    for (const code of [first, second]) {
      const right = await call('POST', `/users/${user.userId}/email-verification`, { code });
      assert.equal(right.status, 400, 'the fifth wrong try, on any code, spent them all');
    }
  });

  it('stores only a keyed HMAC of a code, never the code or its bare SHA-256', async () => {
    const user = await register();
    const [code] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    const [row] = await database.query('SELECT code_id, code_hash FROM one_time_code WHERE user_id = $1', [
      user.userId,
    ]);
    assert.notEqual(row.code_hash, createHash('sha256').update(`${row.code_id}:${code}`).digest('hex'));
    assert.notEqual(row.code_hash, createHash('sha256').update(String(code)).digest('hex'));
    assert.doesNotMatch(JSON.stringify(row), new RegExp(String(code)));
  });

  it('answers a reset request the same for unknown addresses, and sends nothing then', async () => {
    const before = await notificationsPublished();
    const unknown = await call('POST', '/password-resets', { emailAddress: 'nobody-here@example.com' });
    assert.equal(unknown.status, 204);
    assert.equal(await notificationsPublished(), before);
    const user = await register();
    assert.equal((await call('POST', '/password-resets', { emailAddress: user.emailAddress })).status, 204);
    let [reset] = await codes(user.userId, 'PASSWORD_RESET_CODE');
    for (let waited = 0; !reset && waited < 50; waited += 1) {
      // The code is sent after the answer.
      await new Promise((resolve) => setTimeout(resolve, 100));
      [reset] = await codes(user.userId, 'PASSWORD_RESET_CODE');
    }
    const checked = await call('POST', '/password-resets/check', {
      emailAddress: user.emailAddress,
      code: reset,
    });
    expect(checked.body).toStrictEqual({ userId: user.userId });
    const again = await call('POST', '/password-resets/check', {
      emailAddress: user.emailAddress,
      code: reset,
    });
    assert.equal(again.status, 400, 'a reset code works once');
  });

  it('links a Google identity to the account with the same address, once', async () => {
    const user = await register();
    const subject = `google-${randomBytes(4).toString('hex')}`;
    const first = await call('POST', '/google-identities/resolve', {
      subject,
      emailAddress: user.emailAddress,
    });
    assert.equal(first.body.registered, true);
    const [link] = await database.query('SELECT user_id FROM google_identity WHERE subject = $1', [subject]);
    assert.equal(link.user_id, user.userId);
    const stranger = await call('POST', '/google-identities/resolve', {
      subject: `google-${randomBytes(4).toString('hex')}`,
      emailAddress: 'stranger@example.com',
    });
    expect(stranger.body).toStrictEqual({ registered: false, user: null, tookOver: false });
  });

  it('answers bad input with a 400 that names the problem, never a 500', async () => {
    const badId = await call('GET', '/users/not-a-uuid');
    assert.equal(badId.status, 400);
    const badBody = await call('POST', '/users', { emailAddress: 'not an address' });
    assert.equal(badBody.status, 400);
    const admin = await call('POST', '/users', {
      emailAddress: 'would-be-admin@example.com',
      password: 'correct horse battery',
      firstName: 'Eve',
      lastName: 'Mallory',
      mobileNo: '+12125550199',
      userType: 'ADMIN',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
    });
    assert.equal(admin.status, 400, 'no administrator is created through the sign-up route');
    const markup = await call('POST', '/users', {
      emailAddress: 'markup@example.com',
      password: 'correct horse battery',
      firstName: '<a href="https://evil.example">Claim</a>',
      lastName: 'Prize',
      mobileNo: '+12125550199',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
    });
    assert.equal(markup.status, 400, "names that go into e-mails hold letters, spaces and . ' - only");
    assert.equal(badBody.body.isError, true);
    const missing = await call('GET', '/users/00000000-0000-4000-8000-000000000000');
    assert.equal(missing.status, 404);
  });
});
