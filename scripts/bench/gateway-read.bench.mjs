// An authenticated-shaped read (session cookie loaded from Redis, XSRF cookie, rate limit, a call to
// the numbers service and its database) through the gateway, against a bare NestJS route.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import signature from 'cookie-signature';
import { Redis } from 'ioredis';
import { root } from '../lib/paths.mjs';
import { httpOk, startProcess, stopProcess, waitFor } from '../lib/processes.mjs';
import { compare } from './load.mjs';

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

  const barePort = config.ports.gateway + 5;
  const bare = startProcess('bare-nest', process.execPath, [join(root, 'scripts/bench/bare-nest.mjs')], {
    cwd: join(root, 'gateway'),
    env: { PORT: String(barePort), BARE_BODY: JSON.stringify(countries) },
    logFile: join(config.logDir, 'bare-nest.log'),
  });
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/api/read`;
    await waitFor('bare Nest app', () => httpOk(bareUrl), { handle: bare });
    return await compare({
      baseline: { url: bareUrl },
      measured: { url: `${gatewayUrl}/api/plan/getMFACountries`, headers: { cookie } },
      seconds,
      connections: 16,
    });
  } finally {
    await stopProcess(bare);
  }
}
