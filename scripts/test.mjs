// `npm test`: lint, then three tiers, then one line `N passed, N failed` summed over all of them.
//   unit         dist/**/*.spec.js beside the code, no infrastructure
//   integration  dist/**/*.int-spec.js against the machine's PostgreSQL and Redis and the Kafka broker,
//                each run in its own databases, Redis database and topic prefix, cleaned up after
//   faults       dist/**/*.fault-spec.js: slow fault tests (TCP proxies that cut the broker or the
//                database, processes killed) against the same infrastructure as integration
//   e2e          web/e2e/*.e2e.ts in Debian's Chromium against the stack started as `npm start` does
// `npm test -- unit integration` runs only the tiers named.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, globSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { buildAll } from './lib/build.mjs';
import { root, stateDir } from './lib/paths.mjs';
import { stopProcess } from './lib/processes.mjs';
import {
  deleteTopics,
  stackConfig,
  startApplication,
  startInfrastructure,
  stopApplication,
} from './lib/stack.mjs';

const TIERS = ['lint', 'unit', 'integration', 'faults', 'e2e'];
const asked = process.argv.slice(2).filter((arg) => TIERS.includes(arg));
const tiers = asked.length ? asked : TIERS;
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const totals = { passed: 0, failed: 0 };
const timings = [];
const reportDir = join(stateDir, 'test', runId);
mkdirSync(reportDir, { recursive: true });
let kafka;

function record(tier, passed, failed, began) {
  totals.passed += passed;
  totals.failed += failed;
  timings.push(
    `${tier}: ${passed} passed, ${failed} failed in ${((Date.now() - began) / 1000).toFixed(1)} s`,
  );
}

const compiledTests = (pattern) =>
  ['packages/*', 'services/*', 'gateway', 'infra/*']
    .flatMap((workspace) => globSync(`${workspace}/dist/**/${pattern}`, { cwd: root }))
    .sort();

function runNodeTests(tier, files, env = {}, concurrency = 1) {
  const began = Date.now();
  if (!files.length) {
    record(tier, 0, 0, began);
    return;
  }
  const counts = join(reportDir, `${tier}.json`);
  spawnSync(
    process.execPath,
    [
      '--enable-source-maps',
      '--test',
      `--test-concurrency=${concurrency}`,
      '--test-timeout=120000',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${pathToFileURL(join(root, 'scripts/lib/count-reporter.mjs'))}`,
      `--test-reporter-destination=${counts}`,
      ...files,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const { passed, failed } = existsSync(counts)
    ? JSON.parse(readFileSync(counts, 'utf8'))
    : { passed: 0, failed: 1 };
  record(tier, passed, failed, began);
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('[test] installing Debian Chromium for the end-to-end tests');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function dropDatabases(postgresUrl, prefix) {
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

/** Empties a Redis database a tier used (its queues, sessions, rate limits). */
async function flushRedis(url) {
  const client = createClient({ url });
  await client.connect();
  try {
    await client.flushDb();
  } finally {
    await client.close();
  }
}

async function main() {
  let began = Date.now();
  try {
    buildAll();
  } catch {
    record('build', 0, 1, began);
    return;
  }

  if (tiers.includes('lint')) {
    began = Date.now();
    const lint = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/@biomejs/biome/bin/biome'),
        'ci',
        '--colors=off',
        '--max-diagnostics=50',
        '.',
      ],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    record('lint', lint.status === 0 ? 1 : 0, lint.status === 0 ? 0 : 1, began);
  }

  if (tiers.includes('unit')) runNodeTests('unit', compiledTests('*.spec.js'));

  const needsStack = tiers.includes('integration') || tiers.includes('faults') || tiers.includes('e2e');
  const config = stackConfig({ profile: 'e2e', runId });
  if (needsStack) kafka = await startInfrastructure(config);

  const testRedisUrl = process.env.MMFA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
  for (const [tier, pattern] of [
    ['integration', '*.int-spec.js'],
    ['faults', '*.fault-spec.js'],
  ]) {
    if (!tiers.includes(tier)) continue;
    const prefix = `mmfa_${tier === 'integration' ? 'it' : 'ft'}_${runId}`;
    const topicPrefix = `${tier === 'integration' ? 'it' : 'ft'}-${runId}.`;
    try {
      runNodeTests(tier, compiledTests(pattern), {
        MMFA_TEST_POSTGRES_URL: config.postgresUrl,
        MMFA_TEST_DATABASE_PREFIX: prefix,
        MMFA_TEST_REDIS_URL: testRedisUrl,
        MMFA_TEST_KAFKA_BROKERS: config.kafka.brokers,
        MMFA_TEST_TOPIC_PREFIX: topicPrefix,
      });
    } finally {
      await dropDatabases(config.postgresUrl, prefix);
      await deleteTopics({ ...config, topicPrefix });
      await flushRedis(testRedisUrl);
    }
  }

  if (tiers.includes('e2e')) {
    ensureChromium();
    began = Date.now();
    let handles = [];
    try {
      handles = await startApplication(config);
      console.log(
        `[test] stack for e2e ready in ${((Date.now() - began) / 1000).toFixed(1)} s at ${config.webUrl}`,
      );
      runNodeTests('e2e', globSync('{web,infra/*}/e2e/*.e2e.ts', { cwd: root }).sort(), {
        MMFA_E2E_WEB_URL: config.webUrl,
        MMFA_E2E_SANDBOX_URL: config.sandboxUrl,
        MMFA_E2E_ARTIFACTS: join(stateDir, 'test', 'e2e-artifacts'),
      });
    } catch (error) {
      console.error(`[test] e2e stack failed: ${error.message}`);
      record('e2e stack', 0, 1, began);
    } finally {
      await stopApplication(handles);
      await dropDatabases(config.postgresUrl, config.databasePrefix);
      await deleteTopics(config);
      await flushRedis(config.redisUrl);
    }
  }
}

try {
  await main();
} catch (error) {
  console.error(`[test] ${error.stack ?? error}`);
  totals.failed += 1;
} finally {
  if (kafka) await stopProcess(kafka, 20_000);
  rmSync(reportDir, { recursive: true, force: true });
}
console.log(`\n${timings.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
