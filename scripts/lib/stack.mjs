// The whole MultiMFA stack on one machine, as the start command, the end-to-end tests and the
// benchmarks run it: infrastructure, the five services, the gateway and the web app.
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { ensureKafka, ensurePostgres, ensureRedis } from './infrastructure.mjs';
import { root, stateDir } from './paths.mjs';
import { httpOk, startProcess, stopProcess, waitFor } from './processes.mjs';

export const SERVICES = ['identity', 'billing', 'numbers', 'messaging', 'admin-reporting'];

const envName = (name) => name.toUpperCase().replace(/-/g, '_');

function port(name, fallback) {
  const value = process.env[`MMFA_${envName(name)}_PORT`];
  return value ? Number(value) : fallback;
}

/** A secret made once per checkout and kept under .state, so sessions and keys survive restarts. */
function persisted(name, make) {
  const file = join(stateDir, name);
  if (!existsSync(file)) {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(file, make(), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** A random secret of the local stacks. */
const localSecret = (name) => persisted(name, () => randomBytes(32).toString('hex'));

/** The sandbox signs SendGrid's events with this EC P-256 key; the gateway verifies with its public half. */
function sendgridEventKeys() {
  const privateKeyPem = persisted('sendgrid-event-webhook-key.pem', () =>
    generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }),
  );
  const publicKey = createPublicKey(createPrivateKey(privateKeyPem))
    .export({ type: 'spki', format: 'der' })
    .toString('base64');
  return { privateKeyPem, publicKey };
}

/** The gateway's key pair for its calls to the services (the project's own code, built by then). */
async function gatewayKeys() {
  const { generateServiceKeyPair } = await import(
    '../../packages/service-runtime/dist/callers/service-keys.config.js'
  );
  return JSON.parse(persisted('gateway-service-keys.json', () => JSON.stringify(generateServiceKeyPair())));
}

/**
 * Addresses and names of one stack. `dev` is what the start command runs; `e2e` runs beside it on
 * other ports, with its own databases and Redis database, sharing the Kafka broker under a topic prefix.
 */
export function stackConfig({ profile = 'dev', runId = 'local' } = {}) {
  // Below Linux's ephemeral range (32768 and up), where an outgoing connection may hold a port.
  const base = { dev: 24000, e2e: 25000, bench: 26000, images: 27000 }[profile];
  const ports = {
    web: port('web', base + 80),
    sandbox: port('sandbox', base + 90),
    gateway: port('gateway', base + 100),
    ...Object.fromEntries(SERVICES.map((service, i) => [service, port(service, base + 110 + i * 10)])),
  };
  const kafkaPort = port('kafka', 24092);
  return {
    profile,
    runId,
    ports,
    kafka: {
      port: kafkaPort,
      controllerPort: port('kafka-controller', 24093),
      brokers: `127.0.0.1:${kafkaPort}`,
    },
    postgresUrl: process.env.MMFA_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
    redisUrl: process.env.MMFA_REDIS_URL ?? `redis://127.0.0.1:6379/${{ dev: 0, images: 4 }[profile] ?? 2}`,
    databasePrefix: profile === 'dev' ? 'mmfa' : `mmfa_${profile}_${runId}`,
    topicPrefix: profile === 'dev' ? '' : `${profile}-${runId}.`,
    logDir: join(stateDir, 'logs', profile === 'dev' ? 'dev' : `${profile}-${runId}`),
    webUrl: `http://127.0.0.1:${ports.web}`,
    // Where Twilio posts texts and status callbacks: the product's /api, which the web app's origin
    // serves (an Ingress in production). The bench measures the product, not that proxy: there they go
    // to the gateway itself, as an Ingress passes them (vite preview's proxy took 5-14% of a core of
    // the two at 50 texts/s in the forwarding bench).
    publicApiUrl: profile === 'bench' ? `http://127.0.0.1:${ports.gateway}` : `http://127.0.0.1:${ports.web}`,
    sandboxUrl: `http://127.0.0.1:${ports.sandbox}`,
    // The provider sandbox keeps its accounts here across restarts, as the databases keep the product's
    // (delete the file to start it empty). The e2e stack's is in the run's folder, removed after the
    // run; the bench starts from empty databases and an empty sandbox.
    sandboxStateFile: {
      dev: join(stateDir, 'provider-sandbox', 'state.json'),
      e2e: join(stateDir, 'test', runId, 'provider-sandbox-state.json'),
    }[profile],
  };
}

/** The provider sandbox's demo credentials (its own defaults), which the services are given. */
export const SANDBOX = {
  stripeSecretKey: 'sk_test_multimfa_sandbox',
  sendgridApiKey: 'SG.multimfa-sandbox',
  googleClientId: 'multimfa-sandbox.apps.googleusercontent.com',
  googleClientSecret: 'GOCSPX-multimfa-sandbox',
  stripeWebhookSecret: 'whsec_multimfa_sandbox',
  twilioAccountSid: 'AC00000000000000000000000000000001',
  twilioAuthToken: '5a4db0c55a4db0c55a4db0c55a4db0c5',
};

/** Settings of each process beyond the common ones: where the providers and the other services are. */
function extraEnv(config, service) {
  const sandbox = new URL(config.sandboxUrl);
  switch (service) {
    case 'billing':
      return {
        STRIPE_SECRET_KEY: SANDBOX.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: SANDBOX.stripeWebhookSecret,
        STRIPE_API_HOST: sandbox.hostname,
        STRIPE_API_PORT: sandbox.port,
        STRIPE_API_PROTOCOL: 'http',
      };
    case 'identity':
      return {
        CODE_HMAC_KEY: localSecret('code-hmac-key'),
        EVENT_SEALING_KEY: localSecret('event-sealing-key'),
      };
    case 'numbers':
      return {
        TWILIO_ACCOUNT_SID: SANDBOX.twilioAccountSid,
        TWILIO_AUTH_TOKEN: SANDBOX.twilioAuthToken,
        TWILIO_API_URL: config.sandboxUrl,
        EVENT_SEALING_KEY: localSecret('event-sealing-key'),
        BOT_KEY_ENCRYPTION_KEY: localSecret('bot-key-encryption-key'),
        // Twilio posts texts to the product's /api.
        PUBLIC_API_URL: config.publicApiUrl,
      };
    case 'messaging':
      return {
        EVENT_SEALING_KEY: localSecret('event-sealing-key'),
        // Forwarded texts go out through Twilio from each MultiMFA's number; their status callbacks
        // come back to the product's /api.
        TWILIO_ACCOUNT_SID: SANDBOX.twilioAccountSid,
        TWILIO_AUTH_TOKEN: SANDBOX.twilioAuthToken,
        TWILIO_API_URL: config.sandboxUrl,
        PUBLIC_API_URL: config.publicApiUrl,
        SENDGRID_API_KEY: SANDBOX.sendgridApiKey,
        SENDGRID_API_URL: config.sandboxUrl,
        PUBLIC_WEB_URL: config.webUrl,
        // Slack's incoming webhooks are the sandbox's; so is the webhook receiver a destination may
        // name (http on 127.0.0.1, allowed for this host:port only).
        SLACK_WEBHOOK_BASE_URL: config.sandboxUrl,
        DESTINATION_ALLOW_PRIVATE_HOSTS: new URL(config.sandboxUrl).host,
        SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? 'support@multimfa.com',
      };
    default:
      return {};
  }
}

export const databaseName = (config, service) => `${config.databasePrefix}_${service.replace(/-/g, '_')}`;

const kafkaAdminClient = (config) =>
  new Kafka({ clientId: 'multimfa-stack', brokers: [config.kafka.brokers], logLevel: logLevel.NOTHING });

/** PostgreSQL and Redis (started if stopped), the Kafka broker, and the topics of the one topic list. */
export async function startInfrastructure(config) {
  await ensurePostgres(config.postgresUrl);
  await ensureRedis(config.redisUrl);
  const kafka = await ensureKafka({
    port: config.kafka.port,
    controllerPort: config.kafka.controllerPort,
    dataDir: join(stateDir, 'kafka', 'data'),
    logFile: join(stateDir, 'logs', 'kafka.log'),
  });
  await prepareTopics(config);
  return kafka;
}

/** Creates the topics of the one topic list under the stack's prefix, on a running broker. */
export async function prepareTopics(config) {
  // The project's own code, built by then (this file loads before the build).
  const { topicList } = await import('../../packages/events/dist/index.js');
  const { ensureTopics } = await import('../../packages/event-bus/dist/kafka/topics.client.js');
  await ensureTopics(kafkaAdminClient(config), topicList(config.topicPrefix));
}

/** Deletes the topics of a test or bench stack (never the dev stack's). */
export async function deleteTopics(config) {
  if (!config.topicPrefix) return;
  const admin = kafkaAdminClient(config).admin();
  await admin.connect();
  try {
    const names = (await admin.listTopics()).filter((name) => name.startsWith(config.topicPrefix));
    if (names.length) await admin.deleteTopics({ topics: names });
  } finally {
    await admin.disconnect();
  }
}

/** Each process serves its metrics on the port after its API port. */
const metricsPort = (config, name) => String(config.ports[name] + 1);

function serviceEnv(config, service, trustedCallers = '') {
  return {
    HOST: '127.0.0.1',
    PORT: String(config.ports[service]),
    METRICS_PORT: metricsPort(config, service),
    TRUSTED_CALLERS: trustedCallers,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: `${config.postgresUrl}/${databaseName(config, service)}`,
    REDIS_URL: config.redisUrl,
    KAFKA_BROKERS: config.kafka.brokers,
    KAFKA_TOPIC_PREFIX: config.topicPrefix,
    ...extraEnv(config, service),
  };
}

export const identityEnv = (config) => serviceEnv(config, 'identity');
export const billingEnv = (config) => serviceEnv(config, 'billing');
export const numbersEnv = (config) => serviceEnv(config, 'numbers');
export const messagingEnv = (config) => serviceEnv(config, 'messaging');

/**
 * The built web app served by `vite preview` (web/dist, as nginx serves it in production), proxying
 * /api to the config's gateway and /provider-sandbox to its sandbox.
 */
function startWebPreview(config) {
  return startProcess(
    'web',
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--logLevel', 'warn'],
    {
      cwd: join(root, 'web'),
      env: {
        WEB_PORT: String(config.ports.web),
        GATEWAY_URL: `http://127.0.0.1:${config.ports.gateway}`,
        PAYMENT_SANDBOX_URL: config.sandboxUrl,
      },
      logFile: join(config.logDir, 'web.log'),
    },
  );
}

/** Starts the services, then the gateway, then the web app, and waits until each reports ready. */
export async function startApplication(config) {
  const handles = [];
  // MMFA_CPU_PROF=gateway,numbers: those processes write a V8 CPU profile (.cpuprofile) into the
  // stack's log folder when they stop, to open in Chrome DevTools or read with scripts/bench/profile-top.mjs.
  const profiled = new Set((process.env.MMFA_CPU_PROF ?? '').split(',').filter(Boolean));
  // MMFA_NODE_FLAGS='--max-semi-space-size=8': Node flags for every process it starts (to measure a
  // flag against the defaults).
  const extraFlags = (process.env.MMFA_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const launch = (name, script, env) => {
    const profile = profiled.has(name)
      ? ['--cpu-prof', `--cpu-prof-dir=${join(config.logDir, 'profiles', name)}`]
      : [];
    const handle = startProcess(
      name,
      process.execPath,
      [...profile, ...extraFlags, '--enable-source-maps', join(root, script)],
      {
        env,
        logFile: join(config.logDir, `${name}.log`),
      },
    );
    handles.push(handle);
    return handle;
  };
  const ready = (name, handle, url) => waitFor(name, () => httpOk(url), { timeoutMs: 90_000, handle });

  const sandbox = launch('provider-sandbox', 'infra/provider-sandbox/dist/main.js', {
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: String(config.ports.sandbox),
    SANDBOX_PUBLIC_URL: config.sandboxUrl,
    // Empty: in memory only.
    SANDBOX_STATE_FILE: config.sandboxStateFile ?? '',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    GOOGLE_REDIRECT_URIS: `${config.webUrl}/api/auth/google/callback`,
    STRIPE_WEBHOOK_URL: `http://127.0.0.1:${config.ports.gateway}/api/webhooks/stripe`,
    STRIPE_WEBHOOK_SECRET: SANDBOX.stripeWebhookSecret,
    SENDGRID_EVENT_WEBHOOK_URL: `http://127.0.0.1:${config.ports.gateway}/api/webhooks/sendgrid/events`,
    SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY: sendgridEventKeys().privateKeyPem,
  });
  const keys = await gatewayKeys();
  const services = SERVICES.map((service) => ({
    service,
    handle: launch(
      service,
      `services/${service}/dist/main.js`,
      serviceEnv(config, service, `gateway=${keys.publicKey}`),
    ),
  }));
  const gateway = launch('gateway', 'gateway/dist/main.js', {
    HOST: '127.0.0.1',
    PORT: String(config.ports.gateway),
    METRICS_PORT: metricsPort(config, 'gateway'),
    SERVICE_SIGNING_KEY: keys.privateKey,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    REDIS_URL: config.redisUrl,
    SESSION_SECRET: localSecret('session-secret'),
    NUMBERS_URL: `http://127.0.0.1:${config.ports.numbers}`,
    IDENTITY_URL: `http://127.0.0.1:${config.ports.identity}`,
    BILLING_URL: `http://127.0.0.1:${config.ports.billing}`,
    MESSAGING_URL: `http://127.0.0.1:${config.ports.messaging}`,
    ADMIN_REPORTING_URL: `http://127.0.0.1:${config.ports['admin-reporting']}`,
    PUBLIC_URL: config.webUrl,
    // Browsers reach /api through the web server's proxy (vite preview), which appends their address
    // to X-Forwarded-For, as the Ingress does in production: the gateway takes that one hop's entry.
    TRUST_PROXY_HOPS: '1',
    // Twilio signs the URL it posted to.
    PUBLIC_API_URL: config.publicApiUrl,
    TWILIO_AUTH_TOKEN: SANDBOX.twilioAuthToken,
    SENDGRID_EVENT_WEBHOOK_PUBLIC_KEY: sendgridEventKeys().publicKey,
    GOOGLE_CLIENT_ID: SANDBOX.googleClientId,
    GOOGLE_CLIENT_SECRET: SANDBOX.googleClientSecret,
    GOOGLE_AUTHORIZATION_URL: `${config.sandboxUrl}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${config.sandboxUrl}/token`,
    GOOGLE_USERINFO_URL: `${config.sandboxUrl}/oauth2/v3/userinfo`,
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '600',
    BOT_RATE_LIMIT_PER_MINUTE: process.env.BOT_RATE_LIMIT_PER_MINUTE ?? '120',
    // Every test browser calls from 127.0.0.1, one network: an e2e run signs up dozens of customers.
    SIGNUP_LIMIT_PER_NETWORK:
      process.env.SIGNUP_LIMIT_PER_NETWORK ?? (config.profile === 'dev' ? '10' : '1000'),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: process.env.WEBHOOK_RATE_LIMIT_PER_MINUTE ?? '12000',
  });
  const web = startWebPreview(config);
  handles.push(web);

  try {
    await Promise.all([
      ready('provider-sandbox', sandbox, `${config.sandboxUrl}/health/ready`),
      ...services.map(({ service, handle }) =>
        ready(service, handle, `http://127.0.0.1:${config.ports[service]}/health/ready`),
      ),
      ready('gateway', gateway, `http://127.0.0.1:${config.ports.gateway}/health/ready`),
      ready('web', web, config.webUrl),
    ]);
  } catch (error) {
    await stopApplication(handles);
    throw error;
  }
  return handles;
}

export async function stopApplication(handles) {
  await Promise.all([...handles].reverse().map((handle) => stopProcess(handle)));
}

/** Drops the databases whose names start with `prefix` (a stack's or a test tier's). */
export async function dropDatabases(postgresUrl, prefix) {
  const client = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** Empties a Redis database a stack or a tier used (its queues, sessions, rate limits). */
export async function flushRedis(url) {
  const client = new Redis(url, { lazyConnect: true });
  await client.connect();
  try {
    await client.flushdb();
  } finally {
    await client.quit();
  }
}
