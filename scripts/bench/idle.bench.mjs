// What the stack costs doing nothing (`npm run bench -- idle`, not in the default list): the stack
// bench.mjs started, left alone SETTLE_SECONDS, then each process's CPU from /proc (process-cpu.mjs)
// over RUNS quiet windows of `seconds`, in milliseconds per second: the median of the windows with min
// and max. The idle stack's consumers, relays and timers take this share of the machine from every
// bench (and from a browser on the same host) before any request arrives. Its floor is zero: nothing
// needs to run while nothing happens. PostgreSQL and Redis are the machine's servers: on a quiet
// machine their time is the stack's.
// A broker just started spends much of this compiling itself (its JIT compiler threads: 44.5 of 84
// ms/s 20 s after the start, 2026-11-30), which a stack that has run for a while no longer does: the
// Kafka row is printed with its compiler threads' part, and the product's figure without them beside it.
import {
  cpuMsBetween,
  cpuReading,
  pidsOf,
  STACK_PROCESSES,
  TICKS_PER_SECOND,
  threadTicks,
} from './process-cpu.mjs';

export const title = 'The idle stack: CPU milliseconds per second of each process with no traffic';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_SECONDS = 20;
/** HotSpot's JIT compiler threads, by the name the JVM gives them. */
const JIT_THREAD = /^C[12] CompilerThre/;
const JIT = 'kafka JIT';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

export async function run({ seconds }) {
  await sleep(SETTLE_SECONDS * 1000);
  const kafka = pidsOf(STACK_PROCESSES.find((group) => group.name === 'kafka'));
  const windows = [];
  for (let run = 0; run < RUNS; run++) {
    const before = cpuReading();
    const jitBefore = threadTicks(kafka, JIT_THREAD);
    await sleep(seconds * 1000);
    const window = cpuMsBetween(before, cpuReading());
    window.set(JIT, ((threadTicks(kafka, JIT_THREAD) - jitBefore) * 1000) / TICKS_PER_SECOND);
    windows.push(window);
  }
  const sum = (window, names) => names.reduce((total, name) => total + window.get(name), 0);
  /** Per window, the named rows less the `less` rows, per second: median, min and max. */
  const perSecond = (names, less = []) =>
    stats(windows.map((window) => (sum(window, names) - sum(window, less)) / seconds));
  const rows = [
    ...STACK_PROCESSES.map(({ name, product }) => ({ name, part: product ? 'product' : 'bench harness' })),
    { name: JIT, part: "of Kafka's: its JIT compiler threads" },
  ];
  console.table(
    rows.map(({ name, part }) => {
      const { median, min, max } = perSecond([name]);
      return { process: name, part, 'CPU ms per s': median, 'min to max': `${min} to ${max}` };
    }),
  );
  const productNames = STACK_PROCESSES.filter((group) => group.product).map((group) => group.name);
  return [
    {
      figure: 'product processes idle, CPU ms per s (of 2,000 on two cores) | floor: nothing to do',
      baseline: 0,
      measured: perSecond(productNames),
      better: 'lower',
    },
    {
      figure: "the same without the Kafka broker's JIT compiler threads (ms per s) | floor: nothing to do",
      baseline: 0,
      measured: perSecond(productNames, [JIT]),
      better: 'lower',
    },
  ];
}
