// Sign-in through the gateway (XSRF, throttle check, identity's argon2id check, a new session in
// Redis, the billing customer) against the cost of one argon2id hash with the same parameters on
// the same machine: sign-in should cost little more than the hash it must do.
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import autocannon from 'autocannon';

export const title = 'Sign-in through the gateway, against one argon2id hash (OWASP parameters)';

const ARGON2ID_OWASP = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function hashRate(seconds) {
  const hash = await argon2.hash('a benchmark password', ARGON2ID_OWASP);
  const durations = [];
  const until = performance.now() + seconds * 1000;
  // Two at a time: the machine has two cores, and so would identity's libuv pool.
  await Promise.all(
    [0, 1].map(async () => {
      while (performance.now() < until) {
        const began = performance.now();
        await argon2.verify(hash, 'a benchmark password');
        durations.push(performance.now() - began);
      }
    }),
  );
  durations.sort((a, b) => a - b);
  return {
    perSecond: durations.length / seconds,
    mean: durations.reduce((sum, d) => sum + d, 0) / durations.length,
    p99: durations[Math.floor(durations.length * 0.99)],
  };
}

async function signedUpUser(baseUrl) {
  const xsrf = randomBytes(32).toString('base64url');
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
  return { emailAddress, password, xsrf };
}

export async function run({ config, seconds }) {
  const baseUrl = `http://127.0.0.1:${config.ports.gateway}`;
  const user = await signedUpUser(baseUrl);
  const baseline = await hashRate(seconds);
  const url = `${baseUrl}/api/auth/login`;
  const request = {
    url,
    method: 'POST',
    connections: 4,
    duration: seconds,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${user.xsrf}`,
      'x-xsrf-token': user.xsrf,
    },
    body: JSON.stringify({ emailAddress: user.emailAddress, password: user.password }),
  };
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon(request);
  if (result.non2xx || result.errors)
    throw new Error(
      `${result.non2xx} non-2xx answers and ${result.errors} errors (by status: ${JSON.stringify(result.statusCodeStats)})`,
    );
  return [
    {
      figure: 'sign-ins (hashes) per second',
      baseline: baseline.perSecond,
      measured: result.requests.average,
      better: 'higher',
    },
    {
      figure: 'mean latency (ms)',
      baseline: baseline.mean,
      measured: result.latency.average,
      better: 'lower',
    },
    { figure: 'p99 latency (ms)', baseline: baseline.p99, measured: result.latency.p99, better: 'lower' },
  ];
}
