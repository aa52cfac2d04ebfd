import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cpuTally } from './process-cpu.mjs';

const worker = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

/** One bounded autocannon run against a loopback URL, from its own process: throughput and latency. */
export async function load(
  url,
  { method = 'GET', body, bodies, headers = {}, seconds = 10, connections = 16 } = {},
) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error(`refusing to load a non-loopback address: ${url}`);
  const { stdout } = await promisify(execFile)(process.execPath, [
    worker,
    JSON.stringify({ url, method, body, bodies, headers, seconds, connections }),
  ]);
  const result = JSON.parse(stdout);
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return result;
}

/** The median, min and max of one figure over several runs. */
export function spread(values) {
  const sorted = values.toSorted((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
}

/**
 * `runs` alternating runs of the baseline and the measured target (so both see the same machine),
 * each figure as median, min and max. `baseline` may be a list of candidates (the same route on
 * different servers): each runs in every round, and the one with the highest median throughput is
 * the baseline (the best the bare route does on this machine in this run).
 */
export async function compare({ baseline, measured, also = [], runs = 3, cpu, ...options }) {
  const candidates = Array.isArray(baseline) ? baseline : [baseline];
  const results = { baseline: candidates.map(() => []), measured: [], also: also.map(() => []) };
  // With `cpu` (process groups, as process-cpu.mjs reads them): each target's CPU per group over its
  // runs (warm-ups included) and the requests they answered.
  const tally = cpu && cpuTally(cpu);
  // Headers may be a function, called before each run (a token that must not expire mid-bench).
  const run = async (target) => {
    const headers = typeof target.headers === 'function' ? await target.headers() : target.headers;
    const once = () => load(target.url, { ...options, headers });
    return tally ? tally.run(target.name ?? target.url, once) : once();
  };
  for (let i = 0; i < runs; i += 1) {
    for (const [index, candidate] of candidates.entries()) results.baseline[index].push(await run(candidate));
    results.measured.push(await run(measured));
    for (const [index, target] of also.entries()) results.also[index].push(await run(target));
  }
  const throughput = (runsOf) => spread(runsOf.map((result) => result.requestsPerSecond)).median;
  const best = results.baseline.reduce((a, b) => (throughput(b) > throughput(a) ? b : a));
  const row = (figure, key, better) => ({
    figure,
    baseline: spread(best.map((result) => result[key])),
    measured: spread(results.measured.map((result) => result[key])),
    better,
  });
  const rows = [
    row('throughput (req/s)', 'requestsPerSecond', 'higher'),
    row('mean latency (ms)', 'mean', 'lower'),
    row('p99 latency (ms)', 'p99', 'lower'),
  ];
  // Every target of the run by name: the baseline candidates (which one was chosen) and the `also`
  // targets, measured in the same rounds (a part of the measured path on its own, for instance).
  const named = (target, runsOf, role) => ({
    target: target.name ?? target.url,
    role,
    'throughput (req/s)': spread(runsOf.map((result) => result.requestsPerSecond)),
    'p99 latency (ms)': spread(runsOf.map((result) => result.p99)),
  });
  if (candidates.length > 1 || also.length) {
    rows.targets = [
      ...candidates.map((candidate, index) =>
        named(
          candidate,
          results.baseline[index],
          results.baseline[index] === best ? 'baseline' : 'candidate',
        ),
      ),
      ...also.map((target, index) => named(target, results.also[index], 'also measured')),
    ];
  }
  // CPU microseconds per request of each process group, by target.
  if (tally) rows.cpu = tally.keys().map((target) => ({ target, ...tally.perRequest(target, 1000, 1) }));
  return rows;
}
