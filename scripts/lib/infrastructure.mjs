// The machine's PostgreSQL and Redis, and the project's own single-node Kafka broker.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, stateDir } from './paths.mjs';
import { portAnswers, startProcess, waitFor } from './processes.mjs';

function run(command, args) {
  return spawnSync(command, args, { stdio: 'pipe', encoding: 'utf8' });
}

function hostPort(url, defaultPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

/** Makes sure PostgreSQL answers, starting the machine's cluster when it is installed but stopped. */
export async function ensurePostgres(url) {
  const { host, port } = hostPort(url, 5432);
  if (await portAnswers(port, host)) return;
  if (existsSync('/etc/postgresql')) {
    for (const version of readdirSync('/etc/postgresql')) {
      console.log(`[stack] starting PostgreSQL ${version}`);
      run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
    }
  }
  await waitFor('PostgreSQL', () => portAnswers(port, host), { timeoutMs: 30_000 });
}

/** Makes sure Redis answers, starting the machine's redis-server when it is installed but stopped. */
export async function ensureRedis(url) {
  const { host, port } = hostPort(url, 6379);
  if (await portAnswers(port, host)) return;
  console.log('[stack] starting Redis');
  const started = run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    host,
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  if (started.error)
    throw new Error(`Redis does not answer on ${host}:${port} and redis-server is not installed`);
  await waitFor('Redis', () => portAnswers(port, host), { timeoutMs: 15_000 });
}

const kafkaLibs = join(stateDir, 'kafka', 'libs');

/** Fetches the pinned broker jars from Maven Central once (infra/kafka/pom.xml). */
export function fetchKafka() {
  if (existsSync(kafkaLibs) && readdirSync(kafkaLibs).some((name) => name.startsWith('kafka_2.13-'))) return;
  console.log('[stack] fetching Apache Kafka from Maven Central (once)');
  execFileSync(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      join(root, 'infra/kafka/pom.xml'),
      'dependency:copy-dependencies',
      `-DoutputDirectory=${kafkaLibs}`,
    ],
    { stdio: 'inherit' },
  );
}

/**
 * Runs a single-node KRaft broker with its data under .state/, or reuses one already listening on
 * the port. Returns the process handle when this call started it.
 */
export async function ensureKafka({ port, controllerPort, dataDir, logFile }) {
  if (await portAnswers(port)) return undefined;
  fetchKafka();
  mkdirSync(dataDir, { recursive: true });
  const properties = join(dataDir, 'server.properties');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.bootstrap.servers=127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
      'inter.broker.listener.name=PLAINTEXT',
      `log.dirs=${join(dataDir, 'logs')}`,
      'num.partitions=3',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=3',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'auto.create.topics.enable=false',
      // Threads sized for a development machine of two cores (the defaults, 3 network, 8 request
      // and 4 group coordinator threads, are for a server): fewer threads waking for small requests.
      'num.network.threads=1',
      'num.io.threads=2',
      'group.coordinator.threads=1',
      'share.coordinator.threads=1',
      'background.threads=2',
      '',
    ].join('\n'),
  );
  const classpath = `${kafkaLibs}/*`;
  const java = [
    '-Xms256m',
    '-Xmx512m',
    '-XX:+UseG1GC',
    `-Dlog4j2.configurationFile=${join(root, 'infra/kafka/log4j2.properties')}`,
    '-cp',
    classpath,
  ];
  if (!existsSync(join(dataDir, 'logs', 'meta.properties'))) {
    execFileSync(
      'java',
      [
        ...java,
        'kafka.tools.StorageTool',
        'format',
        '--standalone',
        '-t',
        'TXVsdGlNRkFMb2NhbENsdQ',
        '-c',
        properties,
      ],
      { stdio: 'pipe' },
    );
  }
  const handle = startProcess('kafka', 'java', [...java, 'kafka.Kafka', properties], { logFile });
  await waitFor('Kafka', () => portAnswers(port), { timeoutMs: 60_000, handle });
  return handle;
}
