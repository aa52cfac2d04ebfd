// How busy the host's CPUs are, from Node's per-CPU time counters (os.cpus()), and a wait for the
// host to go quiet: a measurement that other processes' work would lengthen (Lighthouse's blocking
// time) starts when nothing else is using the CPUs.
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** The CPUs' time counters at one moment, summed over every CPU. */
export interface CpuTimes {
  busy: number;
  total: number;
}

export function cpuTimes(): CpuTimes {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** The share of the host's CPU time (0 to 1) spent busy since `since`. */
export function busyShareSince(since: CpuTimes): number {
  const now = cpuTimes();
  const total = now.total - since.total;
  return total > 0 ? (now.busy - since.busy) / total : 0;
}

export interface QuietHost {
  /** Whether a window at or under the threshold came before the deadline. */
  quiet: boolean;
  /** The last window's busy share (0 to 1). */
  busyShare: number;
  waitedMs: number;
}

/**
 * Waits until one `windowMs` window finds the host at most `maxBusyShare` busy, or `timeoutMs` has
 * passed; either way it answers with the last window's share, for the caller to report.
 */
export async function waitForQuietHost({
  maxBusyShare,
  windowMs = 1_000,
  timeoutMs,
}: {
  maxBusyShare: number;
  windowMs?: number;
  timeoutMs: number;
}): Promise<QuietHost> {
  const began = Date.now();
  for (;;) {
    const start = cpuTimes();
    await sleep(windowMs);
    const busyShare = busyShareSince(start);
    const waitedMs = Date.now() - began;
    if (busyShare <= maxBusyShare || waitedMs >= timeoutMs) {
      return { quiet: busyShare <= maxBusyShare, busyShare, waitedMs };
    }
  }
}
