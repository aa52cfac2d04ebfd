import type { Logger } from '@multimfa/service-runtime';
import { DomainError, sendError } from '@multimfa/service-runtime';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';

/**
 * A fixed one-minute window per client address, counted in Redis so every gateway replica shares it.
 * When Redis cannot answer the request goes through (and a warning is logged): availability first.
 */
export function rateLimitMiddleware(redis: Redis, limitPerMinute: number, logger: Logger) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const window = Math.floor(Date.now() / 60_000);
    const key = `ratelimit:ip:${req.ip}:${window}`;
    let count: number;
    try {
      const [incremented] = (await redis.multi().incr(key).expire(key, 60).exec()) ?? [];
      count = Number(incremented?.[1]);
    } catch (error) {
      logger.warn({ err: error }, 'rate limit unavailable');
      return next();
    }
    const remaining = Math.max(0, limitPerMinute - count);
    const resetSeconds = 60 - Math.floor((Date.now() / 1000) % 60);
    res.setHeader('RateLimit-Limit', String(limitPerMinute));
    res.setHeader('RateLimit-Remaining', String(remaining));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (count > limitPerMinute) {
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
}
