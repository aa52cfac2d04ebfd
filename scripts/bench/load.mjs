import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const worker = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

/** One bounded autocannon run against a loopback URL, from its own process: throughput and latency. */
export async function load(url, { headers = {}, seconds = 10, connections = 16 } = {}) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url))
    throw new Error(`refusing to load a non-loopback address: ${url}`);
  const { stdout } = await promisify(execFile)(process.execPath, [
    worker,
    JSON.stringify({ url, headers, seconds, connections }),
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
export async function compare({ baseline, measured, runs = 3, ...options }) {
  const candidates = Array.isArray(baseline) ? baseline : [baseline];
  const results = { baseline: candidates.map(() => []), measured: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const [index, candidate] of candidates.entries()) {
      results.baseline[index].push(await load(candidate.url, { ...options, headers: candidate.headers }));
    }
    results.measured.push(await load(measured.url, { ...options, headers: measured.headers }));
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
  if (candidates.length > 1) {
    rows.baselines = candidates.map((candidate, index) => ({
      baseline: candidate.name ?? candidate.url,
      'throughput (req/s)': spread(results.baseline[index].map((result) => result.requestsPerSecond)),
      chosen: results.baseline[index] === best,
    }));
  }
  return rows;
}
