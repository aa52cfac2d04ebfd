// What the stack costs doing nothing: `bash scripts/node24.sh node scripts/bench/idle-stack.mjs`
// starts PostgreSQL, Redis, Kafka and the application on the bench's ports (empty databases), lets
// it settle, then reads each process's CPU from /proc (process-cpu.mjs) over RUNS quiet windows and
// prints CPU milliseconds per second for each, the median of the windows with min and max. The
// idle stack's consumers, relays and timers take this share of the machine from every bench (and
// from a browser on the same host) before any request arrives. PostgreSQL and Redis are the
// machine's servers: on a quiet machine their time is the stack's.

import { buildAll } from '../lib/build.mjs';
import { stopProcess } from '../lib/processes.mjs';
import {
  dropDatabases,
  flushRedis,
  stackConfig,
  startApplication,
  startInfrastructure,
  stopApplication,
} from '../lib/stack.mjs';
import { cpuMsBetween, cpuReading } from './process-cpu.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SETTLE_SECONDS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

buildAll();
const config = stackConfig({ profile: 'bench', runId: 'idle' });
const kafka = await startInfrastructure(config);
await dropDatabases(config.postgresUrl, config.databasePrefix);
await flushRedis(config.redisUrl);
const handles = await startApplication(config);
try {
  await sleep(SETTLE_SECONDS * 1000);
  const windows = [];
  for (let run = 0; run < RUNS; run++) {
    const before = cpuReading();
    await sleep(SECONDS * 1000);
    windows.push(cpuMsBetween(before, cpuReading()));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [...windows[0].keys()].map((name) => {
    const perSecond = windows.map((window) => window.get(name) / SECONDS);
    return {
      process: name,
      'CPU ms per s (median)': Number(median(perSecond).toFixed(1)),
      'min to max': `${Math.min(...perSecond).toFixed(1)} to ${Math.max(...perSecond).toFixed(1)}`,
    };
  });
  const product = [
    'gateway',
    'identity',
    'billing',
    'numbers',
    'messaging',
    'admin-reporting',
    'postgres',
    'redis',
    'kafka',
  ];
  const total = windows.map((window) => product.reduce((sum, name) => sum + window.get(name), 0) / SECONDS);
  console.log(`The idle stack, ${RUNS} windows of ${SECONDS} s after ${SETTLE_SECONDS} s to settle`);
  console.table(rows);
  console.log(
    `product processes together: ${median(total).toFixed(1)} CPU ms per s (${Math.min(...total).toFixed(1)} to ${Math.max(...total).toFixed(1)}), ${((median(total) / 2000) * 100).toFixed(1)}% of two cores`,
  );
} finally {
  await stopApplication(handles);
  if (kafka) await stopProcess(kafka, 20_000);
}
