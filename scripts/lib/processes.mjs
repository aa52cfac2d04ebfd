// Child processes of the start, test and bench commands: each writes to its own log file and is
// stopped by stopProcess (SIGTERM to its process group, then SIGKILL after a grace period).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname } from 'node:path';

export function startProcess(name, command, args, { env = {}, cwd, logFile }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Both streams go to one file: neither may end it while the other still writes (`close` comes
  // after both have ended).
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  child.on('close', () => log.end());
  const handle = { name, child, logFile, exited: false, exitCode: null };
  child.on('exit', (code, signal) => {
    handle.exited = true;
    handle.exitCode = code ?? signal;
  });
  return handle;
}

export async function stopProcess(handle, graceMs = 10_000) {
  if (handle.exited) return;
  const exited = new Promise((resolve) => handle.child.once('exit', resolve));
  try {
    process.kill(-handle.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-handle.child.pid, 'SIGKILL');
    } catch {}
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

export function portAnswers(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true; fails with the last log lines of `handle` when it died. */
export async function waitFor(what, probe, { timeoutMs = 60_000, intervalMs = 250, handle } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (handle?.exited)
      throw new Error(`${what}: process exited (${handle.exitCode}); see ${handle.logFile}`);
    if (await probe().catch(() => false)) return;
    await sleep(intervalMs);
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms${handle ? `; see ${handle.logFile}` : ''}`);
}

export async function httpOk(url, headers = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer();
  return response.ok;
}
