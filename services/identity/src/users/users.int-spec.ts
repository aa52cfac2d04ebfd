import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, ensureTopics } from '@multimfa/event-bus';
import { topicList } from '@multimfa/events';
import { loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { identityService } from '../service.js';

type Json = Record<string, unknown>;

describe('identity: accounts and one-time codes (real PostgreSQL, Redis, Kafka)', () => {
  let app: INestApplication;
  let baseUrl: string;
  let databaseUrl: string;
  let database: DataSource;

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as Json };
  }

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

  /** What identity published, in order: the outbox rows of one user. */
  async function events(userId: string): Promise<Array<{ type: string; payload: Json }>> {
    const rows = await database.query(
      `SELECT envelope FROM outbox_event WHERE message_key = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((row: { envelope: { type: string; payload: Json } }) => row.envelope);
  }

  async function codes(userId: string, kind: string): Promise<string[]> {
    return (await events(userId))
      .filter((event) => event.type === 'identity.notification.requested' && event.payload.kind === kind)
      .map((event) => String(event.payload.code));
  }

  const topicPrefix = `${testInfrastructure.topicPrefix}identity-${randomBytes(3).toString('hex')}.`;
  const kafka = createKafka({
    clientId: 'identity-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger(),
  });

  beforeAll(async () => {
    await ensureTopics(kafka, topicList(topicPrefix));
    databaseUrl = await createTestDatabase('identity');
    const config = loadConfig(identityService.configSchema, {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: topicPrefix,
    });
    app = await createTestServiceApp(identityService, config, testLogger('identity'));
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    database = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await dropTestDatabase(databaseUrl);
    const admin = kafka.admin();
    await admin.connect();
    await admin
      .deleteTopics({ topics: topicList(topicPrefix).map((topic) => topic.name) })
      .catch(() => undefined);
    await admin.disconnect();
  });

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
    assert.match(String(published[1]?.payload.code), /^\d{6}$/);
    const [row] = await database.query('SELECT password_hash FROM app_user WHERE user_id = $1', [
      user.userId,
    ]);
    assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('accepts any live code, once, and counts wrong tries up to five', async () => {
    const user = await register();
    await call('POST', `/users/${user.userId}/verification-code`);
    const [first, second] = await codes(user.userId, 'EMAIL_VERIFICATION_CODE');
    assert.ok(first && second);
    const wrong = first === '000000' ? '000001' : '000000';
    const failure = await call('POST', `/users/${user.userId}/email-verification`, { code: wrong });
    assert.equal(failure.status, 400);
    assert.equal(failure.body.message, 'The code is not correct. 4 tries left');
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
    assert.deepEqual(messages, [
      'The code is not correct. 4 tries left',
      'The code is not correct. 3 tries left',
      'The code is not correct. 2 tries left',
      'The code is not correct. 1 try left',
      'Too many wrong codes. Please request a new one',
    ]);
    const right = await call('POST', `/users/${user.userId}/email-verification`, { code });
    assert.equal(right.status, 400);
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
    assert.equal(expired.body.message, 'The code has expired or was already used. Please request a new one');
  });

  it('limits how many codes one address can be sent in an hour', async () => {
    const user = await register();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await call('POST', `/users/${user.userId}/verification-code`)).status);
    assert.deepEqual(statuses, [204, 204, 204, 204, 429], 'the sign-up e-mail was the first of five');
  });

  it('answers a reset request the same for unknown addresses, and sends nothing then', async () => {
    const [before] = await database.query('SELECT count(*)::int AS n FROM outbox_event');
    const unknown = await call('POST', '/password-resets', { emailAddress: 'nobody-here@example.com' });
    assert.equal(unknown.status, 204);
    const [afterwards] = await database.query('SELECT count(*)::int AS n FROM outbox_event');
    assert.equal(afterwards.n, before.n);
    const user = await register();
    assert.equal((await call('POST', '/password-resets', { emailAddress: user.emailAddress })).status, 204);
    const [reset] = await codes(user.userId, 'PASSWORD_RESET_CODE');
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
    expect(stranger.body).toStrictEqual({ registered: false, user: null });
  });

  it('answers bad input with a 400 that names the problem, never a 500', async () => {
    const badId = await call('GET', '/users/not-a-uuid');
    assert.equal(badId.status, 400);
    const badBody = await call('POST', '/users', { emailAddress: 'not an address' });
    assert.equal(badBody.status, 400);
    assert.equal(badBody.body.isError, true);
    const missing = await call('GET', '/users/00000000-0000-4000-8000-000000000000');
    assert.equal(missing.status, 404);
  });
});
