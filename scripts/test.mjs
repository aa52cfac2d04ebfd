// `npm test`: lint, then four tiers on Jest (jest.config.mjs, one project each), then one line
// `N passed, N failed` summed over all of them.
//   unit         **/src/**/*.spec.ts beside the code, no infrastructure
//   lighthouse   web/lighthouse/*.lighthouse.ts: Lighthouse in Debian's Chromium against the built web
//                app alone (`vite preview`), before anything else of the product starts
//   integration  **/src/**/*.int-spec.ts against real PostgreSQL, Redis and Kafka: testcontainers
//                where Docker runs, else the machine's PostgreSQL and Redis and the Kafka broker
//                (MMFA_TEST_INFRA=containers|local, scripts/jest/infrastructure.mjs); each run in
//                its own databases, Redis database and topic prefix, cleaned up after
//   stack        **/src/**/*.stack-spec.ts: the gateway's full-stack tests (the gateway, the five
//                services and the provider sandbox in one process), same infrastructure
//   faults       **/src/**/*.fault-spec.ts: slow fault tests (TCP proxies that cut the broker or the
//                database, processes killed) against the same infrastructure as integration
//   e2e          web/e2e/*.e2e.ts and infra/*/e2e/*.e2e.ts in Debian's Chromium against the stack
//                started as `npm start` does
//   images       infra/images/*.images.ts: every image built with podman (installed from Debian's
//                packages when missing), the product run from them against the same infrastructure
// `npm test -- unit integration` runs only the tiers named. The counts come from Jest's JSON report.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { testInfraMode } from './jest/infrastructure.mjs';
import { buildAll } from './lib/build.mjs';
import { ensureBaseImages, ensureContainerEngine } from './lib/container-engine.mjs';
import { createDemoAccounts } from './lib/demo-data.mjs';
import { root, stateDir } from './lib/paths.mjs';
import { httpOk, startProcess, stopProcess, waitFor } from './lib/processes.mjs';
import {
  databaseName,
  deleteTopics,
  dropDatabases,
  flushRedis,
  prepareTopics,
  stackConfig,
  startApplication,
  startInfrastructure,
  stopApplication,
} from './lib/stack.mjs';

/** What the import rules judge: every process's and package's own code. */
const IMPORT_RULES_SCOPE = ['web/src', 'gateway/src', 'services', 'packages', 'infra/provider-sandbox/src'];
const TIERS = ['lint', 'unit', 'lighthouse', 'integration', 'stack', 'faults', 'e2e', 'images'];
const asked = process.argv.slice(2).filter((arg) => TIERS.includes(arg));
const tiers = asked.length ? asked : TIERS;
// Any other argument narrows each tier to the test files whose path matches it (`npm test -- e2e accounts`).
const pathPatterns = process.argv.slice(2).filter((arg) => !TIERS.includes(arg));
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const totals = { passed: 0, failed: 0 };
const timings = [];
const reportDir = join(stateDir, 'test', runId);
mkdirSync(reportDir, { recursive: true });
let kafka;

/** `failures`: what failed, one line each, printed under the tier's line in the closing summary. */
function record(tier, passed, failed, began, failures = []) {
  totals.passed += passed;
  totals.failed += failed;
  timings.push(
    `${tier}: ${passed} passed, ${failed} failed in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    ...failures.map((failure) => `  ✕ ${failure}`),
  );
}

/**
 * A failure message's line that says the most, at most 200 characters: the custom message an
 * assertion carried (the line after `Message:`), else the first line that is not Jest's `●` heading.
 */
function tellingLine(message = '') {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((text) => text.trim());
  const custom = lines.indexOf('Message:');
  const line =
    (custom >= 0 ? lines.slice(custom + 1).find(Boolean) : undefined) ??
    lines.find((text) => text && !text.includes('●'));
  return line?.slice(0, 200);
}

/**
 * The counts of one Jest run, and what failed (file and test title, or file and the telling line of
 * the suite's own failure): the closing summary is the end of the output, the part a log shortened
 * from the top still shows. A suite that failed outside its tests (it did not load, or a
 * beforeAll/afterAll hook threw) counts as one failure, and so does a run that failed without a count.
 */
function countsOf(report, status) {
  if (!existsSync(report)) return { passed: 0, failed: 1, failures: ['the run wrote no report'] };
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
  let failed = numFailedTests;
  const failures = [];
  for (const suite of testResults) {
    const file = relative(root, suite.name);
    const failedTests = suite.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${file} › ${test.fullName}: ${tellingLine(test.failureMessages?.[0]) ?? 'failed'}`);
    }
    if (suite.status === 'failed' && !failedTests.length) {
      failed += 1;
      failures.push(`${file}: ${tellingLine(suite.message) ?? 'the suite failed outside its tests'}`);
    }
  }
  if (status !== 0 && failed === 0) {
    failed = 1;
    failures.push(`jest exited with status ${status}`);
  }
  return { passed: numPassedTests, failed, failures };
}

function runJest(tier, env = {}, options = []) {
  const began = Date.now();
  const report = join(reportDir, `${tier}.json`);
  const jest = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      join(root, 'node_modules/jest/bin/jest.js'),
      '--ci',
      `--selectProjects=${tier}`,
      '--json',
      `--outputFile=${report}`,
      ...options,
      ...pathPatterns,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  const { passed, failed, failures } = countsOf(report, jest.status);
  record(tier, passed, failed, began, failures);
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

    // The import rules (.dependency-cruiser.cjs): layering, adapters below features, no cycles.
    began = Date.now();
    const imports = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'err',
        ...IMPORT_RULES_SCOPE,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    record('import rules', imports.status === 0 ? 1 : 0, imports.status === 0 ? 0 : 1, began);
  }

  if (tiers.includes('unit')) runJest('unit');

  const infra = testInfraMode();
  const infraTiers = ['integration', 'stack', 'faults'].filter((tier) => tiers.includes(tier));
  const needsStack =
    (infraTiers.length && infra === 'local') || tiers.includes('e2e') || tiers.includes('images');
  const config = stackConfig({ profile: 'e2e', runId });

  if (tiers.includes('lighthouse')) {
    ensureChromium();
    began = Date.now();
    // Only the web server, serving the build as nginx does (web/lighthouse/serve-build.mjs says why not
    // `vite preview`): the public pages call no API for a signed-out visitor (the tests check it).
    const web = startProcess('web', process.execPath, [join(root, 'web/lighthouse/serve-build.mjs')], {
      env: { WEB_PORT: String(config.ports.web) },
      logFile: join(config.logDir, 'web.log'),
    });
    try {
      await waitFor('web', () => httpOk(config.webUrl), { handle: web });
      runJest('lighthouse', { MMFA_LIGHTHOUSE_WEB_URL: config.webUrl }, ['--runInBand']);
    } catch (error) {
      console.error(`[test] lighthouse: ${error.message}`);
      record('lighthouse web', 0, 1, began);
    } finally {
      await stopProcess(web);
    }
  }

  if (needsStack) kafka = await startInfrastructure(config);

  const testRedisUrl = process.env.MMFA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
  for (const tier of infraTiers) {
    if (infra === 'containers') {
      // scripts/jest/integration-setup.mjs starts and removes the containers
      runJest(tier, { MMFA_TEST_INFRA: 'containers' }, ['--runInBand']);
      continue;
    }
    const short = { integration: 'it', stack: 'st', faults: 'ft' }[tier];
    const prefix = `mmfa_${short}_${runId}`;
    const topicPrefix = `${short}-${runId}.`;
    try {
      runJest(
        tier,
        {
          MMFA_TEST_INFRA: 'local',
          MMFA_TEST_POSTGRES_URL: config.postgresUrl,
          MMFA_TEST_DATABASE_PREFIX: prefix,
          MMFA_TEST_REDIS_URL: testRedisUrl,
          MMFA_TEST_KAFKA_BROKERS: config.kafka.brokers,
          MMFA_TEST_TOPIC_PREFIX: topicPrefix,
        },
        // The fault tests SIGKILL and restart processes, servers and brokers mid-run: in one of two full
        // runs of the tier (2026-11-29) jest was left waiting on a handle after every test had passed (no
        // socket open, cause not found), which would hold CI until its limit. Its results are written by then.
        tier === 'faults' ? ['--runInBand', '--forceExit'] : ['--runInBand'],
      );
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
      // The demo administrator (README): the admin-area tests sign in as it.
      createDemoAccounts(config);
      console.log(
        `[test] stack for e2e ready in ${((Date.now() - began) / 1000).toFixed(1)} s at ${config.webUrl}`,
      );
      runJest(
        'e2e',
        {
          MMFA_E2E_WEB_URL: config.webUrl,
          MMFA_E2E_SANDBOX_URL: config.sandboxUrl,
          // States no screen sets yet (an occupied number) are set here by the tests that need them.
          MMFA_E2E_NUMBERS_DATABASE_URL: `${config.postgresUrl}/${databaseName(config, 'numbers')}`,
          MMFA_E2E_BILLING_DATABASE_URL: `${config.postgresUrl}/${databaseName(config, 'billing')}`,
          MMFA_E2E_ARTIFACTS: join(stateDir, 'test', 'e2e-artifacts'),
        },
        ['--runInBand'],
      );
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

  if (tiers.includes('images')) {
    began = Date.now();
    const images = stackConfig({ profile: 'images', runId });
    try {
      ensureContainerEngine();
      ensureBaseImages();
    } catch (error) {
      console.error(`[test] images: the container engine could not be set up: ${error.message}`);
      record('images engine', 0, 1, began);
      return;
    }
    try {
      await prepareTopics(images);
      runJest(
        'images',
        {
          MMFA_IMAGES_RUN_ID: runId,
          MMFA_IMAGES_POSTGRES_URL: images.postgresUrl,
          MMFA_IMAGES_DATABASE_PREFIX: images.databasePrefix,
          MMFA_IMAGES_REDIS_URL: images.redisUrl,
          MMFA_IMAGES_KAFKA_BROKERS: images.kafka.brokers,
          MMFA_IMAGES_TOPIC_PREFIX: images.topicPrefix,
          MMFA_IMAGES_WEB_PORT: String(images.ports.web),
          MMFA_IMAGES_SANDBOX_PORT: String(images.ports.sandbox),
          MMFA_IMAGES_SERVICE_PORT_BASE: String(images.ports.identity),
        },
        ['--runInBand'],
      );
    } finally {
      await dropDatabases(images.postgresUrl, images.databasePrefix);
      await deleteTopics(images);
      await flushRedis(images.redisUrl);
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
// In CI (a fresh clone), installing, building and testing must leave the checkout as it was: a lock
// file rewritten by npm (another platform's optional packages missing) or a generated file that is
// not ignored shows here.
if (process.env.CI) {
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
  if (status.status === 0) {
    const changed = status.stdout.trim();
    if (changed) console.error(`[test] the run changed the checkout:\n${changed}`);
    record('clean checkout', changed ? 0 : 1, changed ? 1 : 0, Date.now());
  }
}
console.log(`\n${timings.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
