import { randomBytes } from 'node:crypto';
import {
  type Logger,
  loadConfig,
  type ProcessConfig,
  type ServiceDefinition,
} from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import type { Kafka, Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { createKafka } from '../kafka/kafka.client.js';
import { createTestTopics, deleteTestTopics } from './test-topics.harness.js';

/** Something a test app needs beside the infrastructure (the provider sandbox), started by the test. */
export interface TestCompanion {
  close(): Promise<void>;
}

export interface ServiceTestAppOptions {
  /** What the test database is for: part of its name (`createTestDatabase`). */
  database: string;
  /** The service's own settings, beside (or replacing) the common ones. */
  settings?: Record<string, string>;
  /** Already started; closed after the app, in reverse order, also when the start fails. */
  companions?: TestCompanion[];
  /** `false`: no topics of its own, no producer and no KAFKA_TOPIC_PREFIX (the service still reaches the broker). */
  kafka?: boolean;
}

/** A service process of an integration test started with `kafka: false`, and what the test reaches it and its database with. */
export interface ServiceTestAppWithoutKafka {
  readonly logger: Logger;
  /** The running service process (between a start and `stop()`). */
  readonly app: INestApplication;
  /** Where the service serves HTTP (a new port after each `start()`). */
  readonly baseUrl: string;
  readonly databaseUrl: string;
  /** A connection to the service's own test database. */
  readonly database: DataSource;
  /** Calls the service as the gateway does (signed by `testGatewayCaller`); a body that is not JSON reads as `{}`. */
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** Stops the service process (as a deploy does), leaving its database, topics and companions in place. */
  stop(): Promise<void>;
  /** Starts a new service process on the same database, topics and settings (after `stop()`). */
  start(): Promise<INestApplication>;
  /** Stops everything the start set up, in reverse order, and drops the test database and topics. */
  close(): Promise<void>;
}

/** A service process of an integration test, and what the test reaches it, its database and its own Kafka topics with. */
export interface ServiceTestApp extends ServiceTestAppWithoutKafka {
  /** The prefix of the test's own topics (the service's KAFKA_TOPIC_PREFIX). */
  readonly prefix: string;
  readonly kafka: Kafka;
  /** Publishes test events under `prefix`. */
  readonly producer: Producer;
}

/**
 * A service in this process on its own test database and, unless `kafka: false`, its own Kafka topic
 * prefix, on the real PostgreSQL, Redis and Kafka; it trusts `testGatewayCaller` and listens on a free
 * port. The common settings (PORT, DATABASE_URL, REDIS_URL, KAFKA_BROKERS, KAFKA_TOPIC_PREFIX,
 * TRUSTED_CALLERS) come first, then `settings`.
 */
export function startServiceTestApp<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
  options: ServiceTestAppOptions & { kafka: false },
): Promise<ServiceTestAppWithoutKafka>;
export function startServiceTestApp<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
  options: ServiceTestAppOptions,
): Promise<ServiceTestApp>;
export async function startServiceTestApp<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
  options: ServiceTestAppOptions,
): Promise<ServiceTestAppWithoutKafka & Partial<ServiceTestApp>> {
  const logger = testLogger(definition.name);
  const events = options.kafka === false ? undefined : testEvents(`${definition.name}-test`, logger);
  let running: INestApplication | undefined;
  let baseUrl = '';
  let databaseUrl: string | undefined;
  let database: DataSource | undefined;
  let config: z.infer<S> | undefined;

  const stop = async () => {
    await running?.close();
    running = undefined;
  };
  const start = async () => {
    if (running) throw new Error(`${definition.name} is already running`);
    if (!config) throw new Error(`${definition.name} has no settings yet`);
    const app = await createTestServiceApp(definition, config, logger);
    running = app;
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    return app;
  };
  const close = async () => {
    await stop();
    await database?.destroy();
    await events?.producer.disconnect();
    for (const companion of (options.companions ?? []).toReversed()) await companion.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    if (events) await deleteTestTopics(events.kafka, events.prefix);
  };
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(await testGatewayCaller.headers(definition.name)),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
  };

  try {
    if (events) {
      await createTestTopics(events.kafka, events.prefix);
      await events.producer.connect();
    }
    databaseUrl = await createTestDatabase(options.database);
    config = loadConfig(definition.configSchema, {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      ...(events ? { KAFKA_TOPIC_PREFIX: events.prefix } : {}),
      ...testGatewayCaller.env,
      ...options.settings,
    });
    await start();
    database = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
    const started = { ...events, logger, databaseUrl, database, call, stop, start, close };
    return Object.defineProperties(started, {
      app: {
        enumerable: true,
        get: () => {
          if (!running) throw new Error(`${definition.name} is stopped`);
          return running;
        },
      },
      baseUrl: { enumerable: true, get: () => baseUrl },
    }) as typeof started & Pick<ServiceTestApp, 'app' | 'baseUrl'>;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** A Kafka client, a topic prefix of its own and a producer (not yet connected, no topics yet). */
function testEvents(clientId: string, logger: Logger): Pick<ServiceTestApp, 'prefix' | 'kafka' | 'producer'> {
  const kafka = createKafka({ clientId, brokers: testInfrastructure.kafkaBrokers, logger });
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  return { prefix, kafka, producer: kafka.producer() };
}
