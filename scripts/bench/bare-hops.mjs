// The gateway read's hops with no framework: what the same path costs on this machine when nothing
// but the hops is left. BARE_HOPS_ROLE=front is the gateway's part: node:http, the signed session
// cookie checked, one Redis pipeline (rate-limit count and its window, the session's load), the XSRF
// cookie's shape, and an undici call to the back. BARE_HOPS_ROLE=back is the service's part:
// node:http and one prepared query of numbers' country list in its database, answered as JSON.
// No logging, no validation, no service token: a floor the real path cannot go below, not a product.
import { createServer } from 'node:http';
import signature from 'cookie-signature';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Pool } from 'undici';

const COUNTRIES = `SELECT country_id AS id, iso_code AS "isoCode", name, dialling_code AS "diallingCode", is_active AS "isActive"
  FROM country WHERE is_active ORDER BY name`;

function cookies(header = '') {
  const found = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) found[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return found;
}

function front() {
  const redis = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
  const back = new Pool(process.env.BACK_URL, { connections: 64 });
  const secret = process.env.SESSION_SECRET;
  const refuse = (res, status) => res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  return createServer(async (req, res) => {
    const jar = cookies(req.headers.cookie);
    const sid = jar['mmfa.sid']?.startsWith('s:')
      ? signature.unsign(jar['mmfa.sid'].slice(2), secret)
      : false;
    if (!sid || !/^[A-Za-z0-9_-]{43}$/.test(jar['XSRF-TOKEN'] ?? '')) return refuse(res, 401);
    const key = `ratelimit:ip:${req.socket.remoteAddress}:${Math.floor(Date.now() / 60_000)}`;
    const [, , stored] = await Promise.all([
      redis.incr(key),
      redis.expire(key, 60, 'NX'),
      redis.get(`session:${sid}`),
    ]);
    if (!stored || !JSON.parse(stored).user) return refuse(res, 401);
    const answer = await back.request({ method: 'GET', path: '/countries' });
    const body = await answer.body.arrayBuffer();
    res.writeHead(answer.statusCode, { 'content-type': 'application/json' }).end(Buffer.from(body));
  });
}

function back() {
  const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  return createServer(async (_req, res) => {
    const { rows } = await db.query({ name: 'countries', text: COUNTRIES });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows));
  });
}

const server = process.env.BARE_HOPS_ROLE === 'front' ? front() : back();
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
