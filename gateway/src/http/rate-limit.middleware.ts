import type { ServerResponse } from 'node:http';
import type { Logger } from '@multimfa/service-runtime';
import { DomainError, sendError } from '@multimfa/service-runtime';
import type { Redis } from 'ioredis';
import { clientPrefix } from '../auth/client-prefix.rules.js';
import type { GatewayRequest } from '../exchange/raw-exchange.adapter.js';

/**
 * A fixed one-minute window per client network (the /24 of an IPv4 address, the /64 of an IPv6 one, as
 * the sign-in throttle counts: one subscriber usually holds a whole /64), counted in Redis so every gateway replica shares it.
 * `count` sends the increment and lets the request go on at once, so the session's load, next in line,
 * joins it in the same automatic pipeline (one write and one round trip to Redis per request);
 * `enforce`, after the session, waits for the count and answers 429 over the limit.
 * When Redis cannot answer the request goes through (and a warning is logged): availability first.
 * `scope` names the window's counter, so a stricter limit on a few routes counts apart from the rest.
 */
export function rateLimitMiddleware(redis: Redis, limitPerMinute: number, logger: Logger, scope = 'ip') {
  // Each request's count under way, from `count` to `enforce`.
  const counts = new WeakMap<GatewayRequest, Promise<number | undefined>>();
  const count = (req: GatewayRequest, _res: ServerResponse, next: () => void) => {
    const key = `ratelimit:${scope}:${clientPrefix(req.ip)}:${Math.floor(Date.now() / 60_000)}`;
    // Not a MULTI (a pipeline of its own): EXPIRE NX sets the window's end once, right after the first INCR.
    const incremented = redis.incr(key);
    const expiring = redis.expire(key, 60, 'NX');
    const counted = Promise.all([incremented, expiring]).then(
      ([value]) => value,
      (error: unknown) => {
        logger.warn({ err: error }, 'rate limit unavailable');
        return undefined;
      },
    );
    counts.set(req, counted);
    next();
  };

  const enforce = async (req: GatewayRequest, res: ServerResponse, next: () => void) => {
    const counted = await counts.get(req);
    if (counted === undefined) return next();
    const remaining = Math.max(0, limitPerMinute - counted);
    const resetSeconds = 60 - Math.floor((Date.now() / 1000) % 60);
    res.setHeader('RateLimit-Limit', String(limitPerMinute));
    res.setHeader('RateLimit-Remaining', String(remaining));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (counted > limitPerMinute) {
      res.setHeader('Retry-After', String(resetSeconds));
      const error = new DomainError(
        'RATE_LIMITED',
        `Too many requests, please try again in ${resetSeconds} seconds`,
        429,
      );
      return sendError(res, error, logger);
    }
    next();
  };

  return { count, enforce };
}
