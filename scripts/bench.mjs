// `npm run bench`: starts the stack on its own ports, runs each benchmark for a bounded time on
// loopback, and prints every figure beside the baseline measured in the same run, as a ratio.
// BENCH_SECONDS sets the measured duration of each run (default 10). Arguments name the benchmarks to
// run (`npm run bench -- gateway-read`); none runs them all. A figure given as { median, min, max }
// prints as its median beside its min and max.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './lib/build.mjs';
import { stateDir } from './lib/paths.mjs';
import { stopProcess } from './lib/processes.mjs';
import {
  deleteTopics,
  dropDatabases,
  flushRedis,
  stackConfig,
  startApplication,
  startInfrastructure,
  stopApplication,
} from './lib/stack.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const figure = (value) => Number(value.toFixed(2));
/** A figure of one run, or the median of several with their min and max. */
const median = (value) => (typeof value === 'number' ? value : value.median);
const range = (value) =>
  typeof value === 'number' ? '1 run' : `${figure(value.min)} to ${figure(value.max)}`;

function tableRow(row) {
  const [baseline, measured] = [median(row.baseline), median(row.measured)];
  return {
    figure: row.figure,
    baseline: figure(baseline),
    'baseline min to max': range(row.baseline),
    measured: figure(measured),
    'measured min to max': range(row.measured),
    'measured / baseline': baseline > 0 ? Number((measured / baseline).toFixed(3)) : 'n/a',
    better: row.better,
    ...(row.target ? { target: row.target } : {}),
  };
}

process.env.RATE_LIMIT_PER_MINUTE = '100000000';
process.env.BOT_RATE_LIMIT_PER_MINUTE = '100000000';
process.env.WEBHOOK_RATE_LIMIT_PER_MINUTE = '100000000';
buildAll();
// Loaded after the build: the outbox benchmark runs the project's compiled code.
const names = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['gateway-read', 'login', 'outbox', 'bot-wait', 'forwarding', 'admin-logs'];
const benchmarks = await Promise.all(names.map((name) => import(`./bench/${name}.bench.mjs`)));
const config = stackConfig({ profile: 'bench', runId: 'run' });
const kafka = await startInfrastructure(config);
// Each bench starts from empty databases and queues: what an earlier bench left (its MFAs, numbers,
// queued jobs) would otherwise be read, and measured, too.
await dropDatabases(config.postgresUrl, config.databasePrefix);
await flushRedis(config.redisUrl);
let handles = [];
try {
  if (benchmarks.some((benchmark) => benchmark.needsApplication !== false)) {
    handles = await startApplication(config);
    config.sessionSecret = readFileSync(join(stateDir, 'session-secret'), 'utf8').trim();
  }
  for (const benchmark of benchmarks) {
    console.log(`\n${benchmark.title} (${seconds} s per run, loopback)`);
    const rows = await benchmark.run({ config, seconds });
    console.table(rows.map(tableRow));
    // Each target measured in the run (baseline candidates, parts of the path): median, min to max.
    if (rows.targets) {
      const baseline = median(rows.find((row) => row.figure === 'throughput (req/s)').baseline);
      console.table(
        rows.targets.map((target) => ({
          target: target.target,
          role: target.role,
          'throughput (req/s)': figure(median(target['throughput (req/s)'])),
          'throughput min to max': range(target['throughput (req/s)']),
          'throughput / baseline': Number((median(target['throughput (req/s)']) / baseline).toFixed(3)),
          'p99 (ms)': figure(median(target['p99 latency (ms)'])),
          'p99 min to max': range(target['p99 latency (ms)']),
        })),
      );
    }
    if (rows.cpu) {
      console.log(
        rows.cpuTitle ?? 'CPU microseconds per request, by process (warm-ups included), for each target:',
      );
      console.table(rows.cpu);
    }
  }
} finally {
  await stopApplication(handles);
  await deleteTopics(config);
  await dropDatabases(config.postgresUrl, config.databasePrefix);
  await flushRedis(config.redisUrl);
  if (kafka) await stopProcess(kafka, 20_000);
}
