import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createKafka } from '@multimfa/event-bus';
import { createTestTopics, deleteTestTopics } from '@multimfa/event-bus/testing';
import { createSandbox, loadSandboxSettings, type Sandbox } from '@multimfa/provider-sandbox/server';
import { loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import type { Producer } from 'kafkajs';
import pg from 'pg';
import { billingService } from '../service.definition.js';

/** A billing process of an integration test, and what the test reaches it and its database with. */
export interface BillingTestApp {
  readonly prefix: string;
  readonly logger: ReturnType<typeof testLogger>;
  readonly app: INestApplication;
  /** Where billing serves HTTP (the gateway's calls, signed by `testGatewayCaller`). */
  readonly baseUrl: string;
  /** The provider sandbox playing Stripe. */
  readonly sandboxBase: string;
  /** A connection to billing's own test database. */
  readonly db: pg.Client;
  /** Publishes test events under `prefix`. */
  readonly producer: Producer;
  close(): Promise<void>;
}

/**
 * Billing in this process on its own test database (`databaseName`) and Kafka topic prefix, on the
 * real PostgreSQL, Redis and Kafka, with Stripe played by the provider sandbox.
 */
export async function startBillingTestApp(databaseName: string): Promise<BillingTestApp> {
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  const logger = testLogger('billing');
  const kafka = createKafka({ clientId: 'billing-test', brokers: testInfrastructure.kafkaBrokers, logger });
  const producer = kafka.producer();
  let sandbox: Sandbox | undefined;
  let app: INestApplication | undefined;
  let databaseUrl: string | undefined;
  let db: pg.Client | undefined;

  const close = async () => {
    await producer.disconnect();
    await db?.end();
    await app?.close();
    await sandbox?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    await deleteTestTopics(kafka, prefix);
  };

  try {
    await createTestTopics(kafka, prefix);
    sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
    const sandboxUrl = new URL(await sandbox.listen(0, '127.0.0.1'));
    databaseUrl = await createTestDatabase(databaseName);
    app = await createTestServiceApp(
      billingService,
      loadConfig(billingService.configSchema, {
        PORT: '1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        ...testGatewayCaller.env,
        STRIPE_SECRET_KEY: 'sk_test_multimfa_sandbox',
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
        STRIPE_API_HOST: sandboxUrl.hostname,
        STRIPE_API_PORT: sandboxUrl.port,
        STRIPE_API_PROTOCOL: 'http',
      }),
      logger,
    );
    await app.listen(0, '127.0.0.1');
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await producer.connect();
    return {
      prefix,
      logger,
      app,
      baseUrl: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`,
      sandboxBase: sandboxUrl.origin,
      db,
      producer,
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
