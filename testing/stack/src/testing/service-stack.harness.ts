import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { adminReportingService } from '@multimfa/admin-reporting/service';
import { billingService } from '@multimfa/billing/service';
import { createKafka, readTopic } from '@multimfa/event-bus';
import { createTestTopics, deleteTestTopics, publishedCodes } from '@multimfa/event-bus/testing';
import { type EventEnvelope, notificationRequested, type PayloadOf } from '@multimfa/events';
import { gateway } from '@multimfa/gateway/gateway';
import { identityService } from '@multimfa/identity/service';
import { messagingService } from '@multimfa/messaging/service';
import { numbersService } from '@multimfa/numbers/service';
import { createSandbox, loadSandboxSettings, type Sandbox } from '@multimfa/provider-sandbox/server';
import { type Logger, loadConfig } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  createTestServiceApp,
  dropTestDatabase,
  testGatewayCaller,
  testInfrastructure,
  testLogger,
} from '@multimfa/service-runtime/testing';
import type { INestApplication } from '@nestjs/common';
import pg from 'pg';

type Notification = PayloadOf<typeof notificationRequested>;

/** A port nothing listens on now (for a server a test starts later, or starts again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A service run as a process of its own from its compiled entry point, that a test may SIGKILL. */
export class ServiceProcess {
  private child: ChildProcess | undefined;

  constructor(
    private readonly entry: string,
    private readonly env: Record<string, string>,
    readonly url: string,
    readonly databaseUrl: string,
    readonly metricsUrl: string,
  ) {}

  /** The value of a counter of its Prometheus page (summed over the series matching `labels`); 0 when absent. */
  async counter(name: string, labels: Record<string, string> = {}): Promise<number> {
    const page = await (await fetch(this.metricsUrl)).text();
    let sum = 0;
    for (const line of page.split('\n')) {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const series = match[2] ?? '';
      if (Object.entries(labels).every(([key, value]) => series.includes(`${key}="${value}"`)))
        sum += Number(match[3]);
    }
    return sum;
  }

  /** Starts it and waits until it answers its readiness probe (30 s at most). */
  async start(): Promise<void> {
    if (this.child) throw new Error('already running');
    this.child = spawn(process.execPath, [this.entry], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ready = await fetch(`${this.url}/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      if (this.child.exitCode !== null) throw new Error(`${this.entry} exited with ${this.child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${this.entry} was not ready within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL: no shutdown hook runs, nothing in flight is finished. */
  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  /** SIGTERM: a graceful stop, as a deploy does. */
  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}

async function listen(app: INestApplication, port = 0): Promise<string> {
  await app.listen(port, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

/**
 * The real identity and billing services (their own databases), the provider sandbox for Stripe, and
 * gateways in front of them, in this process, on the real PostgreSQL, Redis and Kafka.
 */
export class ServiceStack {
  /** `kafkaBrokers`: a broker the test owns (a private one it kills), instead of the run's. */
  constructor(readonly kafkaBrokers: string[] = testInfrastructure.kafkaBrokers) {}

  readonly apps: INestApplication[] = [];
  private readonly processes: ServiceProcess[] = [];
  readonly databases: string[] = [];
  readonly sessionSecret = randomBytes(32).toString('hex');
  readonly sealingKey = randomBytes(32).toString('base64');
  /** Signs the sandbox's Stripe events; billing verifies with it. */
  readonly stripeWebhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly topicPrefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`;
  private readonly kafka = createKafka({
    clientId: 'gateway-test',
    brokers: this.kafkaBrokers,
    logger: testLogger('kafka'),
  });
  sandbox!: Sandbox;
  sandboxUrl!: string;
  identityUrl!: string;
  billingUrl!: string;
  /** Billing as a process of its own, when started so (`start(…, { billingProcess: true })`). */
  billing: ServiceProcess | undefined;
  messagingUrl: string | undefined;
  adminReportingUrl: string | undefined;
  /** Where messaging e-mails the contact form's messages (its SUPPORT_EMAIL). */
  readonly supportAddress = `support-${randomBytes(3).toString('hex')}@multimfa.test`;

  /**
   * The codes identity sealed for messaging, opened as messaging does, in the order published (once
   * identity's relay has published everything written so far).
   */
  async codes(wanted: (notification: Notification) => boolean): Promise<string[]> {
    await this.identityOutboxPublished();
    return publishedCodes(this.kafka, { topicPrefix: this.topicPrefix, sealingKey: this.sealingKey }, wanted);
  }

  /** Every notification identity asked messaging to send, in the order published (codes sealed). */
  async notifications(wanted: (notification: Notification) => boolean): Promise<Notification[]> {
    await this.identityOutboxPublished();
    const messages = await readTopic(this.kafka, `${this.topicPrefix}${notificationRequested.topic.name}`);
    return messages
      .map(
        ({ message }) => JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<Notification>,
      )
      .filter(
        (event) =>
          event.type === notificationRequested.type && event.version === notificationRequested.version,
      )
      .map((event) => event.payload)
      .filter(wanted);
  }

  private async identityOutboxPublished(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databases[0] });
    await client.connect();
    try {
      for (let i = 0; ; i += 1) {
        const { rows } = await client.query(
          'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
        );
        if (rows[0].n === 0) break;
        if (i > 200) throw new Error("identity's outbox was not published");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await client.end();
    }
  }

  /**
   * `sandboxSettings`: further settings of the provider sandbox (its webhook URLs, numbers, keys).
   * `billingProcess`: billing runs as a process of its own (`billing`), that a fault test may SIGKILL;
   * `billingSettings` override its settings (a Redis of the test's own, say).
   */
  async start(
    sandboxSettings: Record<string, string> = {},
    options: { billingProcess?: boolean; billingSettings?: Record<string, string> } = {},
  ): Promise<this> {
    await createTestTopics(this.kafka, this.topicPrefix);
    this.sandbox = createSandbox(
      loadSandboxSettings({
        LOG_LEVEL: 'silent',
        STRIPE_WEBHOOK_SECRET: this.stripeWebhookSecret,
        ...sandboxSettings,
      }).config,
    );
    this.sandboxUrl = await this.sandbox.listen(0, '127.0.0.1');
    const common = async (name: string) => {
      const url = await createTestDatabase(name);
      this.databases.push(url);
      return {
        PORT: '1',
        DATABASE_URL: url,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: this.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: this.topicPrefix,
        ...testGatewayCaller.env,
      };
    };
    const identity = await createTestServiceApp(
      identityService,
      loadConfig(identityService.configSchema, {
        ...(await common('identity')),
        CODE_HMAC_KEY: randomBytes(32).toString('hex'),
        EVENT_SEALING_KEY: this.sealingKey,
      }),
      testLogger('identity'),
    );
    this.apps.push(identity);
    this.identityUrl = await listen(identity);
    const sandbox = new URL(this.sandboxUrl);
    const billingSettings = {
      ...(await common('billing')),
      STRIPE_SECRET_KEY: 'sk_test_multimfa_sandbox',
      STRIPE_WEBHOOK_SECRET: this.stripeWebhookSecret,
      STRIPE_API_HOST: sandbox.hostname,
      STRIPE_API_PORT: sandbox.port,
      STRIPE_API_PROTOCOL: 'http',
      ...options.billingSettings,
    };
    if (options.billingProcess) {
      this.billing = await this.serviceProcess('@multimfa/billing/service', billingSettings);
      this.billingUrl = this.billing.url;
      return this;
    }
    const billing = await createTestServiceApp(
      billingService,
      loadConfig(billingService.configSchema, billingSettings),
      testLogger('billing'),
    );
    this.apps.push(billing);
    this.billingUrl = await listen(billing);
    return this;
  }

  /**
   * The real numbers service on a database of its own (dropped on stop), Twilio in the sandbox. The
   * gateways that should call it are started with `NUMBERS_URL` set to the URL it answers.
   */
  async startNumbers(
    options: { settings?: Record<string, string>; logger?: Logger } = {},
  ): Promise<{ url: string; databaseUrl: string }> {
    const databaseUrl = await createTestDatabase('numbers');
    this.databases.push(databaseUrl);
    const numbers = await createTestServiceApp(
      numbersService,
      loadConfig(numbersService.configSchema, {
        PORT: '1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: this.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: this.topicPrefix,
        PUBLIC_API_URL: 'http://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
        TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
        TWILIO_API_URL: this.sandboxUrl,
        EVENT_SEALING_KEY: this.sealingKey,
        BOT_KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ...testGatewayCaller.env,
        ...options.settings,
      }),
      options.logger ?? testLogger('numbers'),
    );
    this.apps.push(numbers);
    return { url: await listen(numbers), databaseUrl };
  }

  /** The real messaging service too (its own database; SendGrid in the sandbox); the gateways started after it call it. */
  async startMessaging(settings: Record<string, string> = {}): Promise<string> {
    const url = await createTestDatabase('messaging');
    this.databases.push(url);
    const messaging = await createTestServiceApp(
      messagingService,
      loadConfig(messagingService.configSchema, this.messagingSettings(url, settings)),
      testLogger('messaging'),
    );
    this.apps.push(messaging);
    this.messagingUrl = await listen(messaging);
    return url;
  }

  /**
   * Messaging as a process of its own (its compiled `main.js`), so a fault test can SIGKILL it and
   * start it again on the same database, port and settings; the gateways started after it call it.
   * `databaseUrl`: a database the test owns (a private cluster it stops), instead of a new one on the
   * machine's server.
   */
  async startMessagingProcess(
    settings: Record<string, string> = {},
    options: { databaseUrl?: string } = {},
  ): Promise<ServiceProcess> {
    const databaseUrl = options.databaseUrl ?? (await createTestDatabase('messaging'));
    if (!options.databaseUrl) this.databases.push(databaseUrl);
    const process = await this.serviceProcess(
      '@multimfa/messaging/service',
      this.messagingSettings(databaseUrl, settings),
    );
    this.messagingUrl = process.url;
    return process;
  }

  /** A service's compiled `main.js` (beside its `./service` export) as a process, started and ready. */
  private async serviceProcess(
    serviceExport: string,
    settings: Record<string, string>,
  ): Promise<ServiceProcess> {
    const port = await freePort();
    const metricsPort = await freePort();
    const process = new ServiceProcess(
      join(dirname(createRequire(import.meta.url).resolve(serviceExport)), 'main.js'),
      {
        ...settings,
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: settings.LOG_LEVEL ?? 'warn',
      },
      `http://127.0.0.1:${port}`,
      settings.DATABASE_URL ?? '',
      `http://127.0.0.1:${metricsPort}/metrics`,
    );
    this.processes.push(process);
    await process.start();
    return process;
  }

  private messagingSettings(databaseUrl: string, settings: Record<string, string>): Record<string, string> {
    return {
      PORT: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: testInfrastructure.redisUrl,
      KAFKA_BROKERS: this.kafkaBrokers.join(','),
      KAFKA_TOPIC_PREFIX: this.topicPrefix,
      ...testGatewayCaller.env,
      SENDGRID_API_KEY: 'SG.multimfa-sandbox',
      SENDGRID_API_URL: this.sandboxUrl,
      PUBLIC_WEB_URL: 'http://127.0.0.1:1',
      EVENT_SEALING_KEY: this.sealingKey,
      SUPPORT_EMAIL: this.supportAddress,
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      TWILIO_API_URL: this.sandboxUrl,
      PUBLIC_API_URL: 'http://127.0.0.1:1',
      ...settings,
    };
  }

  /** The real admin-reporting service too (its own database); the gateways started after it call it. */
  async startAdminReporting(): Promise<{ url: string; databaseUrl: string }> {
    const databaseUrl = await createTestDatabase('admin_reporting');
    this.databases.push(databaseUrl);
    const reporting = await createTestServiceApp(
      adminReportingService,
      loadConfig(adminReportingService.configSchema, {
        PORT: '1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testInfrastructure.redisUrl,
        KAFKA_BROKERS: this.kafkaBrokers.join(','),
        KAFKA_TOPIC_PREFIX: this.topicPrefix,
        ...testGatewayCaller.env,
      }),
      testLogger('admin-reporting'),
    );
    this.apps.push(reporting);
    this.adminReportingUrl = await listen(reporting);
    return { url: this.adminReportingUrl, databaseUrl };
  }

  /** A gateway replica (on `port`, any free one by default); every replica shares the sessions in Redis. */
  async gateway(
    overrides: Record<string, string> = {},
    port = 0,
  ): Promise<{ url: string; app: INestApplication }> {
    const config = loadConfig(gateway.configSchema, {
      PORT: '1',
      REDIS_URL: testInfrastructure.redisUrl,
      SESSION_SECRET: this.sessionSecret,
      SERVICE_SIGNING_KEY: testGatewayCaller.signingKey,
      NUMBERS_URL: 'http://127.0.0.1:1',
      IDENTITY_URL: this.identityUrl,
      BILLING_URL: this.billingUrl,
      MESSAGING_URL: this.messagingUrl ?? 'http://127.0.0.1:1',
      ADMIN_REPORTING_URL: this.adminReportingUrl ?? 'http://127.0.0.1:1',
      PUBLIC_URL: 'http://127.0.0.1:1',
      GOOGLE_CLIENT_ID: 'multimfa-sandbox.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'GOCSPX-multimfa-sandbox',
      TRUST_PROXY_HOPS: '1',
      TWILIO_AUTH_TOKEN: '5a4db0c55a4db0c55a4db0c55a4db0c5',
      ...overrides,
    });
    const app = await createTestServiceApp(gateway, config, testLogger('gateway'));
    this.apps.push(app);
    return { url: await listen(app, port), app };
  }

  async stop(): Promise<void> {
    for (const app of this.apps.reverse()) await app.close().catch(() => undefined);
    for (const process of this.processes) await process.stop();
    await this.sandbox?.close();
    for (const url of this.databases) await dropTestDatabase(url);
    await deleteTestTopics(this.kafka, this.topicPrefix);
  }
}

/** One answer the gateway gave a test browser (for checking answers against the contract). */
export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/**
 * A client address in a /64 of its own, drawn from 2^48 unique-local networks: throttles count per
 * network, so a browser never shares one with another test's browser, nor with the IPv4 networks
 * (10.x.y.0/24) that attack tests lock on purpose, in this run or a tier before it.
 */
const ownNetworkAddress = () => {
  const [a, b, c, d, e, f] = randomBytes(6);
  const group = (high = 0, low = 0) => ((high << 8) | low).toString(16);
  return `fd00:${group(a, b)}:${group(c, d)}:${group(e, f)}::1`;
};

/** A browser: keeps cookies, sends the XSRF header, and a client address of its own. */
export class Browser {
  /** Every answer any test browser received, in order. */
  static readonly answers: RecordedAnswer[] = [];
  private readonly cookies = new Map<string, string>();

  constructor(
    public baseUrl: string,
    readonly ip = ownNetworkAddress(),
  ) {}

  async call<T = { isError: boolean; message: string; data: Record<string, unknown> | null }>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; headers: Headers }> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/auth/xsrf');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': this.ip,
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(method !== 'GET' ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/Expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    const answer = (await response.json().catch(() => null)) as T;
    Browser.answers.push({ method, path, status: response.status, body: answer });
    return { status: response.status, body: answer, headers: response.headers };
  }

  hasSession(): boolean {
    return this.cookies.has('mmfa.sid');
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}
