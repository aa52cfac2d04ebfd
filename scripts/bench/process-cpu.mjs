// CPU time each process of the bench's stack spends, read from /proc (Linux): utime + stime of every
// process of a group, plus cutime + cstime of those that reaped children (PostgreSQL's postmaster
// collects its ended backends' time there), so a backend that ends between two readings still counts.
// No library reads /proc per process group on Linux without native code (pidusage reads one pid and
// gives a percentage, not ticks), so this reads the files itself.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../lib/paths.mjs';

export const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const nodeMain = (path) => (proc) => proc.cmdline.includes(join(root, path));

/**
 * The product's processes (what a text costs) and the bench's own (shown apart). PostgreSQL, Redis
 * and the Kafka broker are the machine's servers: on a quiet machine, their time is the bench's.
 */
export const STACK_PROCESSES = [
  { name: 'gateway', product: true, match: nodeMain('gateway/dist/main.js') },
  ...['identity', 'billing', 'numbers', 'messaging', 'admin-reporting'].map((service) => ({
    name: service,
    product: true,
    match: nodeMain(`services/${service}/dist/main.js`),
  })),
  { name: 'postgres', product: true, match: (proc) => proc.comm === 'postgres' },
  { name: 'redis', product: true, match: (proc) => proc.comm.startsWith('redis-server') },
  { name: 'kafka', product: true, match: (proc) => proc.cmdline.includes('kafka.Kafka') },
  { name: 'provider sandbox', product: false, match: nodeMain('infra/provider-sandbox/dist/main.js') },
  {
    name: 'load generator, bots and bench',
    product: false,
    match: (proc) => proc.cmdline.includes('forwarding-load.mjs') || proc.pid === process.pid,
  },
];

/** A `/proc/.../stat` file's command name and its fields after it (proc(5) field 3 onwards). */
function readStat(path) {
  const stat = readFileSync(path, 'utf8');
  // The command name is in parentheses and may hold spaces: the fields after it are fixed.
  const close = stat.lastIndexOf(')');
  return { comm: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
}

function readProcess(pid) {
  try {
    const { comm, fields } = readStat(`/proc/${pid}/stat`);
    // Fields 14-17 of proc(5) (utime, stime, cutime, cstime), counted from the state (field 3) here.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, comm, cmdline, own: utime + stime, reaped: cutime + cstime };
  } catch {
    return undefined; // ended between the listing and the reading
  }
}

const listProcesses = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter(Boolean);

/** The pids of a group's processes now. */
export const pidsOf = (group) =>
  listProcesses()
    .filter((proc) => group.match(proc))
    .map((proc) => proc.pid);

/** CPU ticks now of the threads of these processes whose name (15 characters at most) matches. */
export function threadTicks(pids, name) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const { comm, fields } = readStat(`/proc/${pid}/task/${task}/stat`);
        if (name.test(comm)) ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // the process ended, or a thread did between the listing and the reading
    }
  }
  return ticks;
}

/** CPU ticks of each group now, by name. */
export function cpuReading(groups = STACK_PROCESSES) {
  const procs = listProcesses();
  const reading = new Map(groups.map((group) => [group.name, 0]));
  for (const proc of procs) {
    const group = groups.find((candidate) => candidate.match(proc));
    if (group) reading.set(group.name, reading.get(group.name) + proc.own + proc.reaped);
  }
  return reading;
}

/** CPU milliseconds each group spent between two readings. */
export function cpuMsBetween(before, after) {
  return new Map(
    [...after].map(([name, ticks]) => [name, ((ticks - (before.get(name) ?? 0)) * 1000) / TICKS_PER_SECOND]),
  );
}

/** The bench's own process: the load generators it ran and reaped count there (their time is its children's). */
export const BENCH_PROCESS = { name: 'bench and load generator', match: (proc) => proc.pid === process.pid };

/**
 * CPU of `groups` over load runs, summed by key: `run(key, fn)` reads /proc around `fn` (a load()
 * run, whose `requestsWithWarmUp` it counts); `perRequest(key, scale)` is each group's CPU
 * milliseconds times `scale` per request (1000 for microseconds).
 */
export function cpuTally(groups) {
  const spent = new Map();
  return {
    async run(key, fn) {
      const before = cpuReading(groups);
      const result = await fn();
      const sum = spent.get(key) ?? { requests: 0, ms: new Map() };
      sum.requests += result.requestsWithWarmUp;
      for (const [group, ms] of cpuMsBetween(before, cpuReading(groups))) {
        sum.ms.set(group, (sum.ms.get(group) ?? 0) + ms);
      }
      spent.set(key, sum);
      return result;
    },
    keys: () => [...spent.keys()],
    perRequest(key, scale, digits) {
      const { requests, ms } = spent.get(key);
      return Object.fromEntries(
        [...ms].map(([group, total]) => [group, Number(((total * scale) / requests).toFixed(digits))]),
      );
    },
  };
}
