// An authenticated-shaped read (session cookie loaded from Redis, XSRF cookie, rate limit, a call to
// the numbers service and its database) through the gateway, against the same hops with no framework
// (bare-hops.mjs), the floor of this path on this machine. Also measured in the same rounds: a bare
// NestJS route on Express and on Fastify (the framework's own cost on each adapter) and the numbers
// service alone; and, for each target, the CPU each process spends per request (where the time goes).
import { createPrivateKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import signature from 'cookie-signature';
import { Redis } from 'ioredis';
import { root, stateDir } from '../lib/paths.mjs';
import { httpOk, startProcess, stopProcess, waitFor } from '../lib/processes.mjs';
import { databaseName } from '../lib/stack.mjs';
import { compare } from './load.mjs';
import { BENCH_PROCESS, STACK_PROCESSES } from './process-cpu.mjs';

const nodeScript = (path) => (proc) => proc.cmdline.includes(path);
/** The processes whose CPU each target's runs are read for. */
const READ_PROCESSES = [
  ...STACK_PROCESSES.filter((group) => ['gateway', 'numbers', 'postgres', 'redis'].includes(group.name)),
  { name: 'bare-hops (both)', match: nodeScript('scripts/bench/bare-hops.mjs') },
  { name: 'bare Nest', match: nodeScript('scripts/bench/bare-nest.mjs') },
  BENCH_PROCESS,
];

export const title = 'Read through the gateway to a service and its database';

export async function run({ config, seconds }) {
  const gatewayUrl = `http://127.0.0.1:${config.ports.gateway}`;
  const countries = await (await fetch(`${gatewayUrl}/api/plan/getMFACountries`)).json();

  // A signed-in session, stored as the gateway stores it, so each request loads it from Redis.
  const sid = randomBytes(24).toString('base64url');
  const redis = new Redis(config.redisUrl);
  const session = {
    cookie: { originalMaxAge: 3_600_000, httpOnly: true, path: '/', sameSite: 'lax' },
    user: { userId: 'bench', role: 'CUSTOMER' },
  };
  await redis.set(`session:${sid}`, JSON.stringify(session), 'EX', 3600);
  redis.disconnect();
  const xsrf = randomBytes(32).toString('base64url');
  const cookie = `mmfa.sid=${encodeURIComponent(`s:${signature.sign(sid, config.sessionSecret)}`)}; XSRF-TOKEN=${xsrf}`;

  // The bare route on both adapters Nest offers: what the framework alone costs on each.
  const bares = ['express', 'fastify'].map((adapter, index) => {
    const port = config.ports.gateway + 5 + index;
    return {
      name: `bare Nest (${adapter})`,
      url: `http://127.0.0.1:${port}/api/read`,
      handle: startProcess(
        `bare-nest-${adapter}`,
        process.execPath,
        [join(root, 'scripts/bench/bare-nest.mjs')],
        {
          cwd: join(root, 'gateway'),
          env: { PORT: String(port), BARE_ADAPTER: adapter, BARE_BODY: JSON.stringify(countries) },
          logFile: join(config.logDir, `bare-nest-${adapter}.log`),
        },
      ),
    };
  });
  // The service side of the read alone: the numbers service called as the gateway calls it (its
  // signed token, the gateway's key pair the stack persisted), so the table shows what is left to the gateway.
  const { ServiceTokenSigner } = await import(
    join(root, 'packages/service-runtime/dist/callers/service-token.service.js')
  );
  const { privateKey } = JSON.parse(readFileSync(join(stateDir, 'gateway-service-keys.json'), 'utf8'));
  const signer = new ServiceTokenSigner(
    'gateway',
    createPrivateKey({ key: Buffer.from(privateKey, 'base64'), format: 'der', type: 'pkcs8' }),
  );
  const numbersDirect = {
    name: 'numbers service alone (GET /countries, signed token)',
    url: `http://127.0.0.1:${config.ports.numbers}/countries`,
    headers: async () => ({ authorization: `Bearer ${await signer.token('numbers')}` }),
  };
  // The same hops with no framework (scripts/bench/bare-hops.mjs): the floor of this path here.
  const [frontPort, backPort] = [config.ports.gateway + 7, config.ports.gateway + 8];
  const hop = (role, port, env) =>
    startProcess(`bare-hops-${role}`, process.execPath, [join(root, 'scripts/bench/bare-hops.mjs')], {
      cwd: join(root, 'gateway'),
      env: { BARE_HOPS_ROLE: role, PORT: String(port), ...env },
      logFile: join(config.logDir, `bare-hops-${role}.log`),
    });
  const hops = [
    hop('back', backPort, { DATABASE_URL: `${config.postgresUrl}/${databaseName(config, 'numbers')}` }),
    hop('front', frontPort, {
      BACK_URL: `http://127.0.0.1:${backPort}`,
      REDIS_URL: config.redisUrl,
      SESSION_SECRET: config.sessionSecret,
    }),
  ];
  const bareHops = {
    name: 'the same hops, no framework (bare-hops)',
    url: `http://127.0.0.1:${frontPort}/api/plan/getMFACountries`,
    headers: { cookie },
  };
  try {
    for (const bare of bares) await waitFor(bare.name, () => httpOk(bare.url), { handle: bare.handle });
    await waitFor(bareHops.name, () => httpOk(bareHops.url, { cookie }), { handle: hops[1] });
    return await compare({
      baseline: bareHops,
      measured: { name: 'gateway read', url: `${gatewayUrl}/api/plan/getMFACountries`, headers: { cookie } },
      also: [...bares.map(({ name, url }) => ({ name, url })), numbersDirect],
      seconds,
      connections: 16,
      cpu: READ_PROCESSES,
    });
  } finally {
    for (const handle of [...bares.map((bare) => bare.handle), ...hops]) await stopProcess(handle);
  }
}
