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
 * each figure as median, min and max.
 */
export async function compare({ baseline, measured, runs = 3, ...options }) {
  const results = { baseline: [], measured: [] };
  for (let i = 0; i < runs; i += 1) {
    results.baseline.push(await load(baseline.url, { ...options, headers: baseline.headers }));
    results.measured.push(await load(measured.url, { ...options, headers: measured.headers }));
  }
  const row = (figure, key, better) => ({
    figure,
    baseline: spread(results.baseline.map((result) => result[key])),
    measured: spread(results.measured.map((result) => result[key])),
    better,
  });
  return [
    row('throughput (req/s)', 'requestsPerSecond', 'higher'),
    row('mean latency (ms)', 'mean', 'lower'),
    row('p99 latency (ms)', 'p99', 'lower'),
  ];
}
