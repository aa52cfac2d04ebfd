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
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMsBetween, cpuReading, STACK_PROCESSES, TICKS_PER_SECOND } from './process-cpu.mjs';

export const title = 'The idle stack: CPU milliseconds per second of each process with no traffic';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_SECONDS = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** HotSpot's JIT compiler threads, by the name the JVM gives them (15 characters at most in /proc). */
const JIT_THREAD = /^C[12] CompilerThre/;
const kafka = STACK_PROCESSES.find((group) => group.name === 'kafka');

/** CPU ticks of the Kafka broker's JIT compiler threads now (0 without a broker). */
function kafkaJitTicks() {
  let ticks = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!kafka.match({ pid: Number(entry), comm: '', cmdline })) continue;
      for (const task of readdirSync(`/proc/${entry}/task`)) {
        const stat = readFileSync(`/proc/${entry}/task/${task}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!JIT_THREAD.test(stat.slice(stat.indexOf('(') + 1, close))) continue;
        const [utime, stime] = stat
          .slice(close + 2)
          .split(' ')
          .slice(11, 13)
          .map(Number);
        ticks += utime + stime;
      }
    } catch {
      // a process or thread that ended between the listing and the reading
    }
  }
  return ticks;
}
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

export async function run({ seconds }) {
  await sleep(SETTLE_SECONDS * 1000);
  const windows = [];
  for (let run = 0; run < RUNS; run++) {
    const before = cpuReading();
    const jitBefore = kafkaJitTicks();
    await sleep(seconds * 1000);
    const window = cpuMsBetween(before, cpuReading());
    window.set('kafka JIT', ((kafkaJitTicks() - jitBefore) * 1000) / TICKS_PER_SECOND);
    windows.push(window);
  }
  const perSecond = (names) =>
    stats(windows.map((window) => names.reduce((sum, name) => sum + window.get(name), 0) / seconds));
  const rows = [
    ...STACK_PROCESSES.map(({ name, product }) => ({ name, part: product ? 'product' : 'bench harness' })),
    { name: 'kafka JIT', part: "of Kafka's: its JIT compiler threads" },
  ];
  console.table(
    rows.map(({ name, part }) => {
      const { median, min, max } = perSecond([name]);
      return { process: name, part, 'CPU ms per s': median, 'min to max': `${min} to ${max}` };
    }),
  );
  const productNames = STACK_PROCESSES.filter((group) => group.product).map((group) => group.name);
  const withoutJit = stats(
    windows.map(
      (window) =>
        (productNames.reduce((sum, name) => sum + window.get(name), 0) - window.get('kafka JIT')) / seconds,
    ),
  );
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
      measured: withoutJit,
      better: 'lower',
    },
  ];
}
