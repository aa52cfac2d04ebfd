import { randomBytes } from 'node:crypto';
import { createKafka } from '@multimfa/event-bus';
import { createTestTopics, deleteTestTopics } from '@multimfa/event-bus/testing';
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
import { DataSource } from 'typeorm';
import { adminReportingService } from '../service.definition.js';

type Kafka = ReturnType<typeof createKafka>;

/** An admin-reporting process of an integration test, and what the test reaches it and its database with. */
export interface AdminReportingTestApp {
  readonly prefix: string;
  readonly logger: ReturnType<typeof testLogger>;
  readonly kafka: Kafka;
  /** Publishes test events under `prefix`. */
  readonly producer: ReturnType<Kafka['producer']>;
  readonly app: INestApplication;
  /** Where admin-reporting serves HTTP (the gateway's calls, signed by `testGatewayCaller`). */
  readonly baseUrl: string;
  /** A connection to admin-reporting's own test database. */
  readonly database: DataSource;
  close(): Promise<void>;
}

/**
 * Admin-reporting in this process on its own test database (`databaseName`) and Kafka topic prefix,
 * on the real PostgreSQL, Redis and Kafka.
 */
export async function startAdminReportingTestApp(databaseName: string): Promise<AdminReportingTestApp> {
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  const logger = testLogger('admin-reporting');
  const kafka = createKafka({ clientId: 'reporting-test', brokers: testInfrastructure.kafkaBrokers, logger });
  const producer = kafka.producer();
  let app: INestApplication | undefined;
  let databaseUrl: string | undefined;
  let database: DataSource | undefined;

  const close = async () => {
    await producer.disconnect();
    await app?.close();
    await database?.destroy();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    await deleteTestTopics(kafka, prefix);
  };

  try {
    await createTestTopics(kafka, prefix);
    await producer.connect();
    databaseUrl = await createTestDatabase(databaseName);
    app = await createTestServiceApp(
      adminReportingService,
      loadConfig(adminReportingService.configSchema, {
        PORT: '1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        ...testGatewayCaller.env,
      }),
      logger,
    );
    await app.listen(0, '127.0.0.1');
    const baseUrl = await app.getUrl();
    database = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
    return { prefix, logger, kafka, producer, app, baseUrl, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}
