// The event bus's Kafka client against a broker that requires what production's does: SASL/SCRAM
// (SCRAM-SHA-512) with ACLs, and TLS. Its own single-node KRaft broker, from the project's Kafka
// (.state/kafka, as `npm start` fetches it), on free ports in a temporary directory: the shared test
// broker is plaintext and is not used here.
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { kafkaEnvSchema, loadConfig } from '@multimfa/service-runtime';
import { testLogger } from '@multimfa/service-runtime/testing';
import {
  AclOperationTypes,
  AclPermissionTypes,
  AclResourceTypes,
  Kafka,
  logLevel,
  ResourcePatternTypes,
} from 'kafkajs';
import { checkKafka } from '../health/kafka.check.js';
import { createKafka, kafkaConnection } from './kafka.client.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const kafkaLibs = join(root, '.state', 'kafka', 'libs');
const logger = testLogger('kafka-security-test');

const ADMIN = { name: 'admin', password: randomBytes(12).toString('hex') };
const ALICE = { name: 'alice', password: randomBytes(12).toString('hex') };
const ALLOWED = 'sasl-it.allowed';
const FORBIDDEN = 'sasl-it.forbidden';
const GROUP = 'sasl-it.group';

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The settings a service would have, parsed by the same schema, then its client. */
function clientFrom(env: Record<string, string>, clientId: string): Kafka {
  return createKafka({
    clientId,
    ...kafkaConnection(loadConfig(kafkaEnvSchema, env)),
    logger,
    retry: { retries: 1, initialRetryTime: 100, maxRetryTime: 500 },
  });
}

/** Retries `work` while the ACLs just created may not have reached the broker yet. */
async function eventually<T>(work: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline || !/authoriz/i.test(String((error as Error).message))) throw error;
      await sleep(250);
    }
  }
}

describe('Kafka client against a broker that requires SCRAM (and TLS)', () => {
  let dir: string;
  let broker: ChildProcess | undefined;
  let saslPort: number;
  let tlsPort: number;
  let logFile: string;
  const clients: Array<{ disconnect(): Promise<void> }> = [];

  const env = (overrides: Record<string, string> = {}) => ({
    KAFKA_BROKERS: `127.0.0.1:${saslPort}`,
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: ALICE.name,
    KAFKA_SASL_PASSWORD: ALICE.password,
    ...overrides,
  });

  /** The broker's output, for a failure's message. */
  const brokerLog = () =>
    existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n') : '';

  beforeAll(async () => {
    if (!existsSync(kafkaLibs) || !readdirSync(kafkaLibs).some((name) => name.startsWith('kafka_2.13-'))) {
      // As `npm start` does: the pinned broker from Maven Central, once.
      const infrastructure = await import(pathToFileURL(join(root, 'scripts/lib/infrastructure.mjs')).href);
      infrastructure.fetchKafka();
    }
    dir = await mkdtemp(join(tmpdir(), 'mmfa-kafka-sasl-'));
    logFile = join(dir, 'broker.log');
    const [sasl, tls, controller] = await freePorts(3);
    saslPort = sasl as number;
    tlsPort = tls as number;

    // A CA of the test's own and the broker's certificate for localhost, as Strimzi's cluster CA is.
    const openssl = (command: string) => run('openssl', command.split(' '), { cwd: dir });
    const ec = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
    await openssl(`req -x509 ${ec} -keyout ca.key -out ca.crt -days 1 -subj /CN=mmfa-test-ca`);
    await openssl(`req ${ec} -keyout broker.key -out broker.csr -subj /CN=localhost`);
    await writeFile(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
    await openssl(
      'x509 -req -in broker.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out broker.crt -days 1 -extfile san.ext',
    );
    await writeFile(
      join(dir, 'broker.pem'),
      readFileSync(join(dir, 'broker.key'), 'utf8') + readFileSync(join(dir, 'broker.crt'), 'utf8'),
    );

    const jaas = `org.apache.kafka.common.security.scram.ScramLoginModule required username="${ADMIN.name}" password="${ADMIN.password}";`;
    const properties = join(dir, 'server.properties');
    await writeFile(
      properties,
      [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.bootstrap.servers=127.0.0.1:${controller}`,
        `listeners=SASL_PLAINTEXT://127.0.0.1:${sasl},SASL_SSL://localhost:${tls},CONTROLLER://127.0.0.1:${controller}`,
        `advertised.listeners=SASL_PLAINTEXT://127.0.0.1:${sasl},SASL_SSL://localhost:${tls}`,
        'controller.listener.names=CONTROLLER',
        'listener.security.protocol.map=SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT',
        'inter.broker.listener.name=SASL_PLAINTEXT',
        'sasl.enabled.mechanisms=SCRAM-SHA-512',
        'sasl.mechanism.inter.broker.protocol=SCRAM-SHA-512',
        `listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=${jaas}`,
        `listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=${jaas}`,
        'listener.name.sasl_ssl.ssl.keystore.type=PEM',
        `listener.name.sasl_ssl.ssl.keystore.location=${join(dir, 'broker.pem')}`,
        // ACLs as Strimzi's `authorization: simple`: nothing is allowed that no ACL allows. The
        // controller listener (plaintext, this process talking to itself) and admin are super users.
        'authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer',
        `super.users=User:${ADMIN.name};User:ANONYMOUS`,
        'allow.everyone.if.no.acl.found=false',
        `log.dirs=${join(dir, 'logs')}`,
        'num.partitions=1',
        'offsets.topic.replication.factor=1',
        'offsets.topic.num.partitions=1',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'share.coordinator.state.topic.replication.factor=1',
        'share.coordinator.state.topic.min.isr=1',
        'group.initial.rebalance.delay.ms=0',
        'auto.create.topics.enable=false',
        'num.network.threads=1',
        'num.io.threads=2',
        'group.coordinator.threads=1',
        'share.coordinator.threads=1',
        'background.threads=2',
        '',
      ].join('\n'),
    );
    const java = [
      '-Xms128m',
      '-Xmx384m',
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      `-Dlog4j2.configurationFile=${join(root, 'infra/kafka/log4j2.properties')}`,
      '-cp',
      `${kafkaLibs}/*`,
    ];
    // The SCRAM users exist from the start, written at format time as the brief's broker does.
    await run('java', [
      ...java,
      'kafka.tools.StorageTool',
      'format',
      '--standalone',
      '-t',
      randomBytes(16).toString('base64url'),
      '-c',
      properties,
      '--add-scram',
      `SCRAM-SHA-512=[name=${ADMIN.name},password=${ADMIN.password}]`,
      '--add-scram',
      `SCRAM-SHA-512=[name=${ALICE.name},password=${ALICE.password}]`,
    ]);
    const out = openSync(logFile, 'a');
    broker = spawn('java', [...java, 'kafka.Kafka', properties], { stdio: ['ignore', out, out] });

    // Ready once the admin user gets in; then the topics and alice's ACLs. kafkajs itself here, so
    // that a fault of the client factory fails the tests below, not the broker's start.
    const admin = new Kafka({
      clientId: 'sasl-it-admin',
      brokers: [`127.0.0.1:${sasl}`],
      sasl: { mechanism: 'scram-sha-512', username: ADMIN.name, password: ADMIN.password },
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (broker.exitCode !== null)
        throw new Error(`the broker exited (${broker.exitCode}):\n${brokerLog()}`);
      try {
        await admin.connect();
        await admin.describeCluster();
        break;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`the broker did not start: ${error}\n${brokerLog()}`);
        await sleep(500);
      }
    }
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: [ALLOWED, FORBIDDEN].map((topic) => ({ topic, numPartitions: 1, replicationFactor: 1 })),
      });
      const allow = (resourceType: AclResourceTypes, resourceName: string, operation: AclOperationTypes) => ({
        resourceType,
        resourceName,
        resourcePatternType: ResourcePatternTypes.LITERAL,
        principal: `User:${ALICE.name}`,
        host: '*',
        operation,
        permissionType: AclPermissionTypes.ALLOW,
      });
      await admin.createAcls({
        acl: [
          allow(AclResourceTypes.TOPIC, ALLOWED, AclOperationTypes.WRITE),
          allow(AclResourceTypes.TOPIC, ALLOWED, AclOperationTypes.READ),
          allow(AclResourceTypes.TOPIC, ALLOWED, AclOperationTypes.DESCRIBE),
          allow(AclResourceTypes.GROUP, GROUP, AclOperationTypes.READ),
        ],
      });
    } finally {
      await admin.disconnect();
    }
  }, 90_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.disconnect().catch(() => undefined)));
    if (broker && broker.exitCode === null) {
      const exited = once(broker, 'exit');
      broker.kill('SIGTERM');
      const killer = setTimeout(() => broker?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 30_000);

  it('produces and consumes with the right credentials, from the settings the services read', async () => {
    const kafka = clientFrom(env(), 'alice-round-trip');
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
    clients.push(producer);
    await producer.connect();
    const value = `hello-${randomBytes(4).toString('hex')}`;
    await eventually(() => producer.send({ topic: ALLOWED, acks: -1, messages: [{ key: 'k', value }] }));

    const consumer = kafka.consumer({ groupId: GROUP, sessionTimeout: 6000, heartbeatInterval: 1000 });
    clients.push(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [ALLOWED], fromBeginning: true });
    const received = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message within 20 s')), 20_000);
      consumer
        .run({
          eachMessage: async ({ message }) => {
            clearTimeout(timer);
            resolve(message.value?.toString('utf8') ?? '');
          },
        })
        .catch(reject);
    });
    assert.equal(received, value);

    const readiness = checkKafka(kafkaConnection(loadConfig(kafkaEnvSchema, env())), 'alice');
    try {
      await readiness.check();
    } finally {
      await readiness.close();
    }
  });

  it('is refused with a wrong password, and the readiness check says so', async () => {
    const producer = clientFrom(
      env({ KAFKA_SASL_PASSWORD: 'not-alices-password' }),
      'alice-wrong',
    ).producer();
    clients.push(producer);
    await assert.rejects(producer.connect(), (error: Error) => {
      // A SASL failure, not a broken connection: the credentials reached the broker and were refused.
      assert.equal(error.name, 'KafkaJSSASLAuthenticationError', `${error.name}: ${error.message}`);
      assert.match(error.message, /SCRAM SHA512 authentication failed/i);
      assert.ok(!error.message.includes('not-alices-password'), 'the password is not in the error');
      return true;
    });
    const readiness = checkKafka(
      kafkaConnection(loadConfig(kafkaEnvSchema, env({ KAFKA_SASL_PASSWORD: 'not-alices-password' }))),
      'alice',
    );
    try {
      await assert.rejects(readiness.check());
    } finally {
      await readiness.close();
    }
  });

  it('gets nothing without credentials', async () => {
    const producer = createKafka({
      clientId: 'anonymous',
      brokers: [`127.0.0.1:${saslPort}`],
      logger,
      retry: { retries: 0 },
    }).producer({ allowAutoTopicCreation: false });
    clients.push(producer);
    // Connecting only asks the API versions, which a SASL listener answers before authentication.
    await producer.connect().catch(() => undefined);
    await assert.rejects(producer.send({ topic: ALLOWED, acks: -1, messages: [{ value: 'anonymous' }] }));
    const readiness = checkKafka([`127.0.0.1:${saslPort}`], 'anonymous');
    try {
      await assert.rejects(readiness.check());
    } finally {
      await readiness.close();
    }
  });

  it("is held to the user's ACLs: no topic it was not granted", async () => {
    const producer = clientFrom(env(), 'alice-forbidden').producer({ allowAutoTopicCreation: false });
    clients.push(producer);
    await producer.connect();
    await assert.rejects(
      producer.send({ topic: FORBIDDEN, acks: -1, messages: [{ value: 'x' }] }),
      /not authorized|TOPIC_AUTHORIZATION_FAILED/i,
    );
  });

  it('reaches the TLS listener trusting KAFKA_TLS_CA_FILE, and refuses it without that CA', async () => {
    const tls = { KAFKA_BROKERS: `localhost:${tlsPort}`, KAFKA_TLS: 'true' };
    const producer = clientFrom(
      env({ ...tls, KAFKA_TLS_CA_FILE: join(dir, 'ca.crt') }),
      'alice-tls',
    ).producer({
      allowAutoTopicCreation: false,
    });
    clients.push(producer);
    await producer.connect();
    await eventually(() => producer.send({ topic: ALLOWED, acks: -1, messages: [{ value: 'over tls' }] }));

    // Trusting only the system's CAs, the test's CA is unknown: the client refuses the broker.
    const untrusting = clientFrom(env(tls), 'alice-tls-untrusting').producer();
    clients.push(untrusting);
    await assert.rejects(untrusting.connect(), /certificate|self.signed|unable to verify/i);
  });
});
