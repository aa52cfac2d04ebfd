import type { Logger } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import { RedisStore } from 'connect-redis';
import cookieParser from 'cookie-parser';
import type { Express } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GatewayRedis } from './gateway-redis.js';
import { rateLimitMiddleware } from './rate-limit.middleware.js';
import { SESSION_COOKIE, SESSION_PREFIX } from './session-settings.js';
import { xsrfMiddleware } from './xsrf.middleware.js';

/** Callers that prove themselves another way: provider webhooks (signatures) and bots (API keys). */
const XSRF_EXEMPT = [/^\/api\/webhooks\//, /^\/api\/bot\//];

/** Security headers, cookies, rate limits, server-side sessions in Redis and the XSRF check, on /api. */
export function configureHttp(app: INestApplication, config: GatewayConfig, logger: Logger) {
  const express = app.getHttpAdapter().getInstance() as Express;
  express.disable('x-powered-by');
  express.set('trust proxy', config.TRUST_PROXY_HOPS);
  const redis = app.get(GatewayRedis).client;

  app.use(
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      noSniff: true,
      referrerPolicy: { policy: 'same-origin' },
    }),
  );
  // Answers of the API are personal: no browser or proxy keeps any of them, errors included.
  app.use(
    '/api',
    (_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  );
  app.use('/api', rateLimitMiddleware(redis, config.RATE_LIMIT_PER_MINUTE, logger, config.REDIS_KEY_PREFIX));
  app.use('/api', cookieParser());
  app.use(
    '/api',
    session({
      name: SESSION_COOKIE,
      // A session lasts SESSION_TTL_SECONDS from sign-in (an absolute lifetime): no write per request.
      store: new RedisStore({
        client: redis,
        prefix: `${config.REDIS_KEY_PREFIX}${SESSION_PREFIX}`,
        ttl: config.SESSION_TTL_SECONDS,
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
    }),
  );
  app.use('/api', xsrfMiddleware({ secure: config.COOKIE_SECURE, exempt: XSRF_EXEMPT }, logger));
}
