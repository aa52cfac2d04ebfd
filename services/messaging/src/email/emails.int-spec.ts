import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { notificationRequested, sealSecret } from '@multimfa/events';
import { testInfrastructure } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import { type MessagingTestApp, startMessagingTestApp } from '../testing/messaging-test-app.harness.js';

describe('messaging sends the e-mails identity asks for (real Kafka, Redis, PostgreSQL; SendGrid in the sandbox)', () => {
  let messaging: MessagingTestApp;

  /** The event as identity's relay publishes it: the code sealed for messaging. */
  async function request(emailAddress: string) {
    const notificationId = randomUUID();
    const payload = {
      notificationId,
      userId: randomUUID(),
      kind: 'EMAIL_VERIFICATION_CODE' as const,
      emailAddress,
      firstName: 'Grace',
      sealedCode: sealSecret(messaging.sealingKey, '314159', notificationId),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    await publishTestEvent(messaging.producer, messaging.prefix, notificationRequested, payload);
    return payload;
  }

  /** The e-mail's row once the worker has recorded the send (it lands in the inbox just before). */
  async function recordedSend(emailId: string): Promise<{ status: string; attempts: number }> {
    for (let i = 0; i < 100; i += 1) {
      const [row] = await messaging.database.query(
        'SELECT status, attempts FROM outbound_email WHERE email_id = $1',
        [emailId],
      );
      if (row?.status === 'SENT') return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`e-mail ${emailId} was not recorded as sent`);
  }

  beforeAll(async () => {
    messaging = await startMessagingTestApp();
  });

  afterAll(async () => {
    await messaging?.close();
  });

  it('e-mails the code with an HTML and a text part, and records it as sent', async () => {
    const cursor = await messaging.inbox.cursor();
    const sent = await request(`grace-${randomBytes(3).toString('hex')}@example.com`);
    const email = await messaging.inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
    assert.equal(email.subject, 'Your MultiMFA verification code');
    assert.match(email.text ?? '', /314159/);
    assert.match(email.html ?? '', /314159/);
    assert.equal((await recordedSend(sent.notificationId)).status, 'SENT');
    const [row] = await messaging.database.query(
      'SELECT sealed_code FROM outbound_email WHERE email_id = $1',
      [sent.notificationId],
    );
    assert.equal(row.sealed_code, null, 'the sealed code is dropped once the e-mail is sent');
  });

  it('queues a job holding only the row id and the correlation id, never the code', async () => {
    await messaging.inbox.setFault({ provider: 'sendgrid', count: 1, status: 500 });
    const cursor = await messaging.inbox.cursor();
    const sent = await request(`job-${randomBytes(3).toString('hex')}@example.com`);
    const redis = new Redis(testInfrastructure.redisUrl);
    try {
      let data: string | null = null;
      for (let i = 0; i < 200 && !data; i += 1) {
        data = await redis.hget(`${messaging.prefix}bull:messaging.email:${sent.notificationId}`, 'data');
        if (!data) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.ok(data, 'the job is stored under the row id');
      assert.deepEqual(Object.keys(JSON.parse(data)).sort(), ['correlationId', 'emailId']);
      assert.equal(JSON.parse(data).emailId, sent.notificationId);
      assert.equal(data.includes('314159'), false);
    } finally {
      redis.disconnect();
    }
    await messaging.inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
  });

  it('retries a send that SendGrid refused, with backoff, without losing the e-mail', async () => {
    await messaging.inbox.setFault({ provider: 'sendgrid', count: 2, status: 500 });
    const cursor = await messaging.inbox.cursor();
    const sent = await request(`retry-${randomBytes(3).toString('hex')}@example.com`);
    const email = await messaging.inbox.waitForEmail(sent.emailAddress, { after: cursor, timeoutMs: 30_000 });
    assert.match(email.text ?? '', /314159/);
    const row = await recordedSend(sent.notificationId);
    assert.equal(row.attempts, 3, 'two refusals, then the third attempt went through');
  });
});
