// Sign-in through the gateway (XSRF, throttle check, identity's argon2id check, a new session in
// Redis, the billing customer) against the cost of one argon2id hash with the same parameters on
// the same machine: sign-in should cost little more than the hash it must do. RUNS alternating rounds
// (the hashes, then the sign-ins), each in a process of its own; each figure the median with min and max.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load, spread } from './load.mjs';
import { BENCH_PROCESS, cpuTally, STACK_PROCESSES } from './process-cpu.mjs';

/** The processes a sign-in's CPU is read for: the product's, and the bench's own (its load generator). */
const SIGN_IN_PROCESSES = [...STACK_PROCESSES.filter((group) => group.product), BENCH_PROCESS];

export const title = 'Sign-in through the gateway, against one argon2id hash (OWASP parameters)';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Sign-ins in flight at once, each connection its own account. */
const SIGN_IN_CONNECTIONS = 4;
/** OWASP's argon2id parameters, as identity hashes with them. */
const ARGON2ID_OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const hashWorker = fileURLToPath(new URL('./argon2-hash-worker.mjs', import.meta.url));

async function hashRate(seconds) {
  const { stdout } = await promisify(execFile)(process.execPath, [
    hashWorker,
    JSON.stringify({ seconds, parameters: ARGON2ID_OWASP }),
  ]);
  return JSON.parse(stdout);
}

async function signedUpUser(baseUrl, xsrf) {
  const emailAddress = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'a benchmark password';
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({
      emailAddress,
      password,
      firstName: 'Bench',
      lastName: 'Mark',
      mobileNo: '+12125550100',
      userType: 'CUSTOMER',
      provider: 'NONE',
      serviceAgreementAgreed: true,
      receiveMarketingEmails: false,
    }),
  });
  if (!response.ok)
    throw new Error(`sign-up for the benchmark failed: ${response.status} ${await response.text()}`);
  return { emailAddress, password };
}

export async function run({ config, seconds }) {
  const baseUrl = `http://127.0.0.1:${config.ports.gateway}`;
  const xsrf = randomBytes(32).toString('base64url');
  // One account per connection: the throttle counts a sign-in from its start, so one account's
  // overlapping sign-ins (the warm-up's last ones beside the run's first) could pass its limit of 5.
  const users = [];
  for (let connection = 0; connection < SIGN_IN_CONNECTIONS; connection += 1) {
    users.push(await signedUpUser(baseUrl, xsrf));
  }
  // CPU milliseconds of each process per sign-in, over every round (warm-ups included): where it goes.
  const tally = cpuTally(SIGN_IN_PROCESSES);
  const signIn = () =>
    tally.run('sign-in', () =>
      load(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        connections: SIGN_IN_CONNECTIONS,
        seconds,
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
        },
        bodies: users.map(({ emailAddress, password }) => JSON.stringify({ emailAddress, password })),
      }),
    );
  const hashes = [];
  const signIns = [];
  for (let round = 0; round < RUNS; round += 1) {
    hashes.push(await hashRate(seconds));
    signIns.push(await signIn());
  }
  const row = (figure, key, better) => ({
    figure,
    baseline: spread(hashes.map((result) => result[key])),
    measured: spread(signIns.map((result) => result[key])),
    better,
  });
  const rows = [
    row('sign-ins (hashes) per second', 'requestsPerSecond', 'higher'),
    row('mean latency (ms)', 'mean', 'lower'),
    row('p99 latency (ms)', 'p99', 'lower'),
  ];
  rows.cpuTitle = 'CPU milliseconds per sign-in, by process (warm-ups included):';
  rows.cpu = [tally.perRequest('sign-in', 1, 2)];
  return rows;
}
