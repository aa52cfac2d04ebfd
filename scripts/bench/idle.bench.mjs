// What the stack costs doing nothing (`npm run bench -- idle`, not in the default list): the stack
// bench.mjs started, left alone SETTLE_SECONDS, then each process's CPU from /proc (process-cpu.mjs)
// over RUNS quiet windows of `seconds`, in milliseconds per second: the median of the windows with min
// and max. The idle stack's consumers, relays and timers take this share of the machine from every
// bench (and from a browser on the same host) before any request arrives. Its floor is zero: nothing
// needs to run while nothing happens. PostgreSQL and Redis are the machine's servers: on a quiet
// machine their time is the stack's.
import { cpuMsBetween, cpuReading, STACK_PROCESSES } from './process-cpu.mjs';

export const title = 'The idle stack: CPU milliseconds per second of each process with no traffic';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_SECONDS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

export async function run({ seconds }) {
  await sleep(SETTLE_SECONDS * 1000);
  const windows = [];
  for (let run = 0; run < RUNS; run++) {
    const before = cpuReading();
    await sleep(seconds * 1000);
    windows.push(cpuMsBetween(before, cpuReading()));
  }
  const perSecond = (names) =>
    stats(windows.map((window) => names.reduce((sum, name) => sum + window.get(name), 0) / seconds));
  console.table(
    STACK_PROCESSES.map(({ name, product }) => {
      const { median, min, max } = perSecond([name]);
      return {
        process: name,
        part: product ? 'product' : 'bench harness',
        'CPU ms per s': median,
        'min to max': `${min} to ${max}`,
      };
    }),
  );
  const product = perSecond(STACK_PROCESSES.filter((group) => group.product).map((group) => group.name));
  return [
    {
      figure: 'product processes idle, CPU ms per s (of 2,000 on two cores) | floor: nothing to do',
      baseline: 0,
      measured: product,
      better: 'lower',
    },
  ];
}
