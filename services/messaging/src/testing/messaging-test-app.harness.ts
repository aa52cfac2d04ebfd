import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createKafka } from '@multimfa/event-bus';
import { createTestTopics, deleteTestTopics } from '@multimfa/event-bus/testing';
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
import { DataSource } from 'typeorm';
import { messagingService } from '../service.definition.js';

type MessagingConfig = ReturnType<typeof loadConfig<typeof messagingService.configSchema>>;

export interface MessagingTestAppOptions {
  /** Settings added to (or replacing) the usual test settings, e.g. `testGatewayCaller.env`. */
  settings?: Record<string, string>;
  /** Serve HTTP on a free port (its address in `baseUrl`) instead of only initialising the app. */
  listen?: boolean;
}

/**
 * Messaging in this process on its own test database and its own Kafka topic prefix, on the real
 * PostgreSQL, Redis and Kafka, with SendGrid and Twilio played by the provider sandbox.
 */
export class MessagingTestApp {
  readonly prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  /** messaging's EVENT_SEALING_KEY: what other services seal secrets in events with. */
  readonly sealingKey = randomBytes(32).toString('base64');
  readonly logger = testLogger('messaging');
  private readonly kafka = createKafka({
    clientId: 'messaging-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: this.logger,
  });
  readonly producer = this.kafka.producer();
  sandbox!: Sandbox;
  /** The sandbox's record of what was e-mailed and texted. */
  inbox!: SandboxClient;
  databaseUrl!: string;
  database!: DataSource;
  config!: MessagingConfig;
  private running: INestApplication | undefined;
  /** Where the app serves HTTP (only with `listen`). */
  baseUrl = '';

  /** The running messaging process (between `startApp()` and `stop()`). */
  get app(): INestApplication {
    if (!this.running) throw new Error('messaging is stopped');
    return this.running;
  }

  private constructor(private readonly options: MessagingTestAppOptions) {}

  static async start(options: MessagingTestAppOptions = {}): Promise<MessagingTestApp> {
    const testApp = new MessagingTestApp(options);
    try {
      await testApp.setUp();
    } catch (error) {
      await testApp.close().catch(() => undefined);
      throw error;
    }
    return testApp;
  }

  private async setUp(): Promise<void> {
    this.sandbox = createSandbox(loadSandboxSettings({ LOG_LEVEL: 'silent' }).config);
    const sandboxUrl = await this.sandbox.listen(0, '127.0.0.1');
    this.inbox = new SandboxClient(sandboxUrl);
    await createTestTopics(this.kafka, this.prefix);
    await this.producer.connect();
    this.databaseUrl = await createTestDatabase('messaging');
    this.config = loadConfig(messagingService.configSchema, {
      PORT: '1',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: this.prefix,
      SENDGRID_API_KEY: 'SG.multimfa-sandbox',
      SENDGRID_API_URL: sandboxUrl,
      PUBLIC_WEB_URL: 'http://127.0.0.1:24080',
      EVENT_SEALING_KEY: this.sealingKey,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      TWILIO_API_URL: sandboxUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:1',
      ...this.options.settings,
    });
    await this.startApp();
    this.database = await new DataSource({ type: 'postgres', url: this.databaseUrl }).initialize();
  }

  /** Starts a messaging process on the same database, topics and settings (after `stop()`). */
  async startApp(): Promise<INestApplication> {
    const app = await createTestServiceApp(messagingService, this.config, this.logger);
    this.running = app;
    if (this.options.listen) {
      await app.listen(0, '127.0.0.1');
      this.baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    } else {
      await app.init();
    }
    return app;
  }

  /** Stops the messaging process, leaving its database, topics and the sandbox in place. */
  async stop(): Promise<void> {
    await this.running?.close();
    this.running = undefined;
  }

  /** Stops everything `start` set up and drops the test database and topics. */
  async close(): Promise<void> {
    await this.stop();
    await this.database?.destroy();
    await this.producer.disconnect();
    await this.sandbox?.close();
    if (this.databaseUrl) await dropTestDatabase(this.databaseUrl);
    await deleteTestTopics(this.kafka, this.prefix);
  }
}

export const startMessagingTestApp = (options?: MessagingTestAppOptions) => MessagingTestApp.start(options);
