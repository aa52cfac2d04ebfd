import type { ServerResponse } from 'node:http';
import { Clock, type Logger } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { adminAreaMiddleware } from '../access/admin-area.middleware.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import type { GatewayRequest } from '../exchange/raw-exchange.adapter.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import { sessionMiddleware } from '../session/session.middleware.js';
import { sessionLifetimeMiddleware } from '../session/session-lifetime.middleware.js';
import { registerBodyParsers } from './body-parsers.setup.js';
import { rateLimitMiddleware } from './rate-limit.middleware.js';
import { xsrfMiddleware } from './xsrf.middleware.js';

/** The routes that take an invitation token (customer-area section 7). */
const INVITATION_ROUTES = ['/api/plan/token', '/api/plan/activate-member', '/api/plan/reject-invitation'];

/**
 * Callers that prove themselves another way, provider webhooks (signatures) and bots (API keys): no
 * cookies, no session, no XSRF pair, so their answers carry no Set-Cookie and cost no session work.
 */
const MACHINE_PATHS = ['/api/webhooks/', '/api/bot/'];

/** Connect-style middleware, as middie runs it on the raw request and response. */
type Middleware = (req: GatewayRequest, res: ServerResponse, next: (error?: unknown) => void) => unknown;

/** `middleware`, skipped for requests under any of `paths`. */
const except =
  (paths: string[]) =>
  (middleware: Middleware): Middleware =>
  (req, res, next) =>
    paths.some((path) => (req.originalUrl ?? req.url ?? '').startsWith(path))
      ? next()
      : middleware(req, res, next);

const exceptWebhooks = except(['/api/webhooks/']);
const exceptMachineCallers = except(MACHINE_PATHS);

/**
 * cookie-parser with a secret checks the signature of every signed cookie on every request, the
 * session's included (which express-session checks again); only sign-in reads a signed cookie, so
 * `req.signedCookies` is cookie-parser's own check, run when read. `req.secret` lets `setCookie` sign.
 */
const signedCookiesOnDemand =
  (secret: string): Middleware =>
  (req, _res, next) => {
    req.secret = secret;
    let checked: Record<string, unknown> | undefined;
    Object.defineProperty(req, 'signedCookies', {
      configurable: true,
      get: () => {
        // A copy: cookie-parser's check removes the signed cookies from the object it is given.
        // (A cookie whose signature fails is `false` there; JSONCookies passes non-strings through.)
        checked ??= cookieParser.JSONCookies(
          cookieParser.signedCookies({ ...req.cookies }, [secret]) as Record<string, string>,
        );
        return checked;
      },
    });
    next();
  };

/**
 * Security headers, cookies, rate limits, server-side sessions in Redis and the XSRF check, on /api:
 * connect-style middleware, which Fastify runs through middie on the raw request and response, each
 * mounted on one path (middie strips that prefix from `req.url` while it runs; `originalUrl` keeps it).
 * Fastify sends no X-Powered-By and no ETag (every /api answer is no-store: nothing revalidates).
 */
export function configureHttp(app: INestApplication, config: GatewayConfig, logger: Logger) {
  const use = (paths: string | string[], ...middleware: Middleware[]) => {
    for (const path of [paths].flat()) for (const each of middleware) app.use(path, each);
  };
  registerBodyParsers(app.getHttpAdapter().getInstance() as FastifyInstance);
  const redis = app.get(GatewayRedis).client;
  const clock = app.get(Clock);

  use(
    '/',
    helmet({
      contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      noSniff: true,
      referrerPolicy: { policy: 'same-origin' },
    }) as Middleware,
  );
  // Answers of the API are personal: no browser or proxy keeps any of them, errors included.
  use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Providers post their webhooks from a few networks at their own pace, and their signatures gate
  // them: a window of their own, generous, so a flood there never eats the API's and is still bounded;
  // refused before its body is read.
  const webhookLimit = rateLimitMiddleware(redis, config.WEBHOOK_RATE_LIMIT_PER_MINUTE, logger, 'webhook');
  use('/api/webhooks', webhookLimit.count, webhookLimit.enforce);
  // Keys carry REDIS_KEY_PREFIX through the client's keyPrefix (GatewayRedis). The count goes to Redis
  // with the session's load, in one pipeline; it is enforced once the session is loaded.
  const rateLimit = rateLimitMiddleware(redis, config.RATE_LIMIT_PER_MINUTE, logger);
  use('/api', exceptWebhooks(rateLimit.count));
  // Invitation tokens are looked up and accepted without a session: a stricter window against guessing.
  const invitationLimit = rateLimitMiddleware(
    redis,
    config.INVITATION_RATE_LIMIT_PER_MINUTE,
    logger,
    'invitation',
  );
  use(INVITATION_ROUTES, invitationLimit.count);
  // Signed cookies: the device cookie that lets a browser which signed in before past the wider throttles.
  use(
    '/api',
    exceptMachineCallers(cookieParser() as Middleware),
    exceptMachineCallers(signedCookiesOnDemand(config.SESSION_SECRET)),
  );
  use('/api', exceptMachineCallers(sessionMiddleware(config, redis, clock) as Middleware));
  use('/api', exceptWebhooks(rateLimit.enforce));
  use(INVITATION_ROUTES, invitationLimit.enforce);
  use('/api', exceptMachineCallers(sessionLifetimeMiddleware(config.SESSION_TTL_SECONDS, clock, logger)));
  use('/api/admin', adminAreaMiddleware(logger));
  use('/api', exceptMachineCallers(xsrfMiddleware({ secure: config.COOKIE_SECURE }, logger)));
}
