import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { createKafka, ensureTopics } from '@multimfa/event-bus';
import { publishTestEvent } from '@multimfa/event-bus/testing';
import { discountMailingRequested, type PayloadOf, topicList } from '@multimfa/events';
import { type EmailEntry, SandboxClient } from '@multimfa/provider-sandbox';
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
import { DataSource } from 'typeorm';
import { messagingService } from '../service.js';

describe("messaging e-mails billing's discount mailings once (real Kafka, Redis, PostgreSQL; SendGrid in the sandbox)", () => {
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  const logger = testLogger('messaging');
  const kafka = createKafka({
    clientId: 'messaging-offers-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger,
  });
  const producer = kafka.producer();
  let sandbox: Sandbox;
  let inbox: SandboxClient;
  let app: INestApplication | undefined;
  let databaseUrl: string;
  let database: DataSource;
  let config: ReturnType<typeof loadConfig<typeof messagingService.configSchema>>;

  const mailing = (): PayloadOf<typeof discountMailingRequested> => ({
    mailingId: randomUUID(),
    discountId: randomUUID(),
    emailAddress: `prospect-${randomBytes(3).toString('hex')}@example.com`,
    code: 'SPRING20',
    discountType: 'PERCENTAGE',
    value: 20,
    expiryDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });

  const start = async () => {
    app = await createTestServiceApp(messagingService, config, logger);
    await app.init();
  };

  async function row(emailId: string): Promise<{ status: string; attempts: number } | undefined> {
    const [found] = await database.query('SELECT status, attempts FROM outbound_email WHERE email_id = $1', [
      emailId,
    ]);
    return found;
  }

  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const value = await probe();
      if (value !== undefined) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  }

  const offersTo = async (address: string) =>
    ((await inbox.messages({ channel: 'email', to: address })) as EmailEntry[]).filter((mail) =>
      mail.subject?.startsWith('Your MultiMFA discount'),
    );

  beforeAll(async () => {
    sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
    const sandboxUrl = await sandbox.listen(0, '127.0.0.1');
    inbox = new SandboxClient(sandboxUrl);
    await ensureTopics(kafka, topicList(prefix));
    await producer.connect();
    databaseUrl = await createTestDatabase('messaging');
    config = loadConfig(messagingService.configSchema, {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      SENDGRID_API_KEY: 'SG.multimfa-sandbox',
      SENDGRID_API_URL: sandboxUrl,
      PUBLIC_WEB_URL: 'http://127.0.0.1:24080',
      EVENT_SEALING_KEY: randomBytes(32).toString('base64'),
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      TWILIO_API_URL: sandboxUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:1',
    });
    await start();
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

  it('records and sends a mailing published twice (a relay retry) as one e-mail', async () => {
    const offer = mailing();
    await publishTestEvent(producer, prefix, discountMailingRequested, offer);
    await publishTestEvent(producer, prefix, discountMailingRequested, offer);
    await until('the send', async () => ((await row(offer.mailingId))?.status === 'SENT' ? true : undefined));
    // A third copy after the send: handled (the next mailing's e-mail arrives after it), not sent again.
    await publishTestEvent(producer, prefix, discountMailingRequested, offer);
    const marker = { ...mailing(), discountId: offer.discountId };
    await publishTestEvent(producer, prefix, discountMailingRequested, marker);
    await until('the next mailing', async () =>
      (await row(marker.mailingId))?.status === 'SENT' ? true : undefined,
    );
    const [{ n }] = await database.query(
      'SELECT count(*)::int AS n FROM outbound_email WHERE to_address = $1',
      [offer.emailAddress],
    );
    assert.equal(n, 1);
    assert.equal((await offersTo(offer.emailAddress)).length, 1);
  });

  it('sends a mailing once when the worker stops after a refused send and a new process takes over', async () => {
    await inbox.setFault({ provider: 'sendgrid', count: 1, status: 500 });
    const offer = mailing();
    await publishTestEvent(producer, prefix, discountMailingRequested, offer);
    await until('the refused first attempt', async () => {
      const found = await row(offer.mailingId);
      return found && found.attempts >= 1 ? found : undefined;
    });
    await app?.close();
    app = undefined;
    assert.equal((await offersTo(offer.emailAddress)).length, 0, 'nothing sent before the stop');
    await start();
    const sent = await until('the send by the new process', async () => {
      const found = await row(offer.mailingId);
      return found?.status === 'SENT' ? found : undefined;
    });
    assert.ok(sent.attempts >= 2, `sent by a retry after the refusal (attempt ${sent.attempts})`);
    assert.equal((await offersTo(offer.emailAddress)).length, 1);
  });
});
