import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createKafka, ensureTopics } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { notificationRequested, sealSecret, topicList } from '@multimfa/events';
import { SandboxClient } from '@multimfa/provider-sandbox';
import { createSandbox, loadSandboxSettings, type Sandbox } from '@multimfa/provider-sandbox/server';
import { loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { messagingService } from '../service.js';

describe('messaging sends the e-mails identity asks for (real Kafka, Redis, PostgreSQL; SendGrid in the sandbox)', () => {
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  const logger = testLogger('messaging');
  const kafka = createKafka({ clientId: 'messaging-test', brokers: testInfrastructure.kafkaBrokers, logger });
  const producer = kafka.producer();
  let sandbox: Sandbox;
  let inbox: SandboxClient;
  let app: INestApplication;
  let databaseUrl: string;
  let database: DataSource;

  const sealingKey = randomBytes(32).toString('base64');

  /** The event as identity's relay publishes it: the code sealed for messaging. */
  async function request(emailAddress: string) {
    const notificationId = randomUUID();
    const payload = {
      notificationId,
      userId: randomUUID(),
      kind: 'EMAIL_VERIFICATION_CODE' as const,
      emailAddress,
      firstName: 'Grace',
      sealedCode: sealSecret(sealingKey, '314159', notificationId),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    await publishTestEvent(producer, prefix, notificationRequested, payload);
    return payload;
  }

  /** The e-mail's row once the worker has recorded the send (it lands in the inbox just before). */
  async function recordedSend(emailId: string): Promise<{ status: string; attempts: number }> {
    for (let i = 0; i < 100; i += 1) {
      const [row] = await database.query('SELECT status, attempts FROM outbound_email WHERE email_id = $1', [
        emailId,
      ]);
      if (row?.status === 'SENT') return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`e-mail ${emailId} was not recorded as sent`);
  }

  beforeAll(async () => {
    sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
    const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    inbox = new SandboxClient(sandboxUrl);
    await ensureTopics(kafka, topicList(prefix));
    await producer.connect();
    databaseUrl = await createTestDatabase('messaging');
    const config = loadConfig(messagingService.configSchema, {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      SENDGRID_API_KEY: 'SG.multimfa-sandbox',
      SENDGRID_API_URL: sandboxUrl,
      PUBLIC_WEB_URL: 'http://127.0.0.1:24080',
      EVENT_SEALING_KEY: sealingKey,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      TWILIO_API_URL: sandboxUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:1',
    });
    app = await createTestServiceApp(messagingService, config, logger);
    await app.init();
    database = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
  });

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await producer.disconnect();
    await sandbox?.close();
    await dropTestDatabase(databaseUrl);
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: topicList(prefix).map((topic) => topic.name) }).catch(() => undefined);
    await admin.disconnect();
  });

  it('e-mails the code with an HTML and a text part, and records it as sent', async () => {
    const cursor = await inbox.cursor();
    const sent = await request(`grace-${randomBytes(3).toString('hex')}@example.com`);
    const email = await inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
    assert.equal(email.subject, 'Your MultiMFA verification code');
    assert.match(email.text ?? '', /314159/);
    assert.match(email.html ?? '', /314159/);
    assert.equal((await recordedSend(sent.notificationId)).status, 'SENT');
    const [row] = await database.query('SELECT sealed_code FROM outbound_email WHERE email_id = $1', [
      sent.notificationId,
    ]);
    assert.equal(row.sealed_code, null, 'the sealed code is dropped once the e-mail is sent');
  });

  it('queues a job holding only the row id and the correlation id, never the code', async () => {
    await inbox.setFault({ provider: 'sendgrid', count: 1, status: 500 });
    const cursor = await inbox.cursor();
    const sent = await request(`job-${randomBytes(3).toString('hex')}@example.com`);
    const redis = new Redis(testInfrastructure.redisUrl);
    try {
      let data: string | null = null;
      for (let i = 0; i < 200 && !data; i += 1) {
        data = await redis.hget(`${prefix}bull:messaging.email:${sent.notificationId}`, 'data');
        if (!data) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok(data, 'the job is stored under the row id');
      assert.deepEqual(Object.keys(JSON.parse(data)).sort(), ['correlationId', 'emailId']);
      assert.equal(JSON.parse(data).emailId, sent.notificationId);
      assert.equal(data.includes('314159'), false);
    } finally {
      redis.disconnect();
    }
    await inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
  });

  it('retries a send that SendGrid refused, with backoff, without losing the e-mail', async () => {
    await inbox.setFault({ provider: 'sendgrid', count: 2, status: 500 });
    const cursor = await inbox.cursor();
    const sent = await request(`retry-${randomBytes(3).toString('hex')}@example.com`);
    const email = await inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
    assert.match(email.text ?? '', /314159/);
    const row = await recordedSend(sent.notificationId);
    assert.equal(row.attempts, 3, 'two refusals, then the third attempt went through');
  });
});
