import type { ServerResponse } from 'node:http';
import type { Clock } from '@multimfa/service-runtime';
import RedisStore from 'connect-redis';
import session from 'express-session';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config/gateway.config.js';
import type { GatewayRequest } from '../exchange/raw-exchange.adapter.js';
import { SESSION_PREFIX, sessionCookieName, sessionSecondsLeft } from './session-settings.config.js';

/**
 * Server-side sessions in Redis, named by an httpOnly cookie: a session is stored once something is kept
 * in it (a sign-in, a proof), and no answer renews its cookie (its lifetime: session-lifetime.middleware).
 */
export function sessionMiddleware(config: GatewayConfig, redis: Redis, clock: Clock) {
  const handle = session({
    name: sessionCookieName(config.COOKIE_SECURE),
    // Redis keeps a session until the earlier of its absolute end (from sign-in) and its idle end.
    store: new RedisStore({
      client: redis,
      prefix: SESSION_PREFIX,
      ttl: (stored) =>
        Math.max(1, sessionSecondsLeft(stored, config.SESSION_TTL_SECONDS, clock.now().getTime())),
      disableTouch: true,
    }),
    secret: config.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE,
      maxAge: config.SESSION_TTL_SECONDS * 1000,
      path: '/',
    },
  });
  // express-session sets a Secure cookie only on a connection Express calls secure (`req.secure`): here,
  // the protocol Fastify read (X-Forwarded-Proto behind TRUST_PROXY_HOPS proxies), which middie copies.
  return (req: GatewayRequest, res: ServerResponse, next: (error?: unknown) => void) => {
    req.secure = req.protocol === 'https';
    handle(req as unknown as Parameters<typeof handle>[0], res as Parameters<typeof handle>[1], next);
  };
}
