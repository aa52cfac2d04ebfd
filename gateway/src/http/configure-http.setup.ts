import { Clock, type Logger } from '@multimfa/service-runtime';
import type { INestApplication } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { adminAreaMiddleware } from '../access/admin-area.middleware.js';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import { sessionMiddleware } from '../session/session.middleware.js';
import { sessionLifetimeMiddleware } from '../session/session-lifetime.middleware.js';
import { WEBHOOK_RAW_PATHS } from '../webhooks/webhook-routes.config.js';
import { rateLimitMiddleware } from './rate-limit.middleware.js';
import { xsrfMiddleware } from './xsrf.middleware.js';

/** The routes that take an invitation token (customer-area section 7). */
const INVITATION_ROUTES = ['/api/plan/token', '/api/plan/activate-member', '/api/plan/reject-invitation'];

/**
 * Callers that prove themselves another way, provider webhooks (signatures) and bots (API keys): no
 * cookies, no session, no XSRF pair, so their answers carry no Set-Cookie and cost no session work.
 */
const MACHINE_PATHS = ['/api/webhooks/', '/api/bot/'];

/** `middleware`, skipped for requests under any of `paths`. */
const except =
  (paths: string[]) =>
  <R extends Request>(middleware: (req: R, res: Response, next: NextFunction) => unknown) =>
  (req: R, res: Response, next: NextFunction) =>
    paths.some((path) => req.originalUrl.startsWith(path)) ? next() : middleware(req, res, next);

const exceptWebhooks = except(['/api/webhooks/']);
const exceptMachineCallers = except(MACHINE_PATHS);

/**
 * cookie-parser with a secret checks the signature of every signed cookie on every request, the
 * session's included (which express-session checks again); only sign-in reads a signed cookie, so
 * `req.signedCookies` is cookie-parser's own check, run when read. `req.secret` lets `res.cookie` sign.
 */
const signedCookiesOnDemand = (secret: string) => (req: Request, _res: Response, next: NextFunction) => {
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

/** Security headers, cookies, rate limits, server-side sessions in Redis and the XSRF check, on /api. */
export function configureHttp(app: INestApplication, config: GatewayConfig, logger: Logger) {
  const server = app.getHttpAdapter().getInstance() as Express;
  server.disable('x-powered-by');
  // Every /api answer is no-store, so no client revalidates: an ETag would be a SHA-1 of each body for nothing.
  server.set('etag', false);
  server.set('trust proxy', config.TRUST_PROXY_HOPS);
  const redis = app.get(GatewayRedis).client;
  const clock = app.get(Clock);

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
  // Providers post their webhooks from a few networks at their own pace, and their signatures gate
  // them: a window of their own, generous, so a flood there never eats the API's and is still bounded;
  // refused before its body is read.
  const webhookLimit = rateLimitMiddleware(redis, config.WEBHOOK_RATE_LIMIT_PER_MINUTE, logger, 'webhook');
  app.use('/api/webhooks', webhookLimit.count, webhookLimit.enforce);
  // The providers sign their webhooks' bodies as sent: those routes keep them unparsed (the JSON
  // parser, registered later, leaves a body already read alone).
  app.use(WEBHOOK_RAW_PATHS, express.raw({ type: () => true, limit: '1mb' }));
  // Keys carry REDIS_KEY_PREFIX through the client's keyPrefix (GatewayRedis). The count goes to Redis
  // with the session's load, in one pipeline; it is enforced once the session is loaded.
  const rateLimit = rateLimitMiddleware(redis, config.RATE_LIMIT_PER_MINUTE, logger);
  app.use('/api', exceptWebhooks(rateLimit.count));
  // Invitation tokens are looked up and accepted without a session: a stricter window against guessing.
  const invitationLimit = rateLimitMiddleware(
    redis,
    config.INVITATION_RATE_LIMIT_PER_MINUTE,
    logger,
    'invitation',
  );
  app.use(INVITATION_ROUTES, invitationLimit.count);
  // Signed cookies: the device cookie that lets a browser which signed in before past the wider throttles.
  app.use(
    '/api',
    exceptMachineCallers(cookieParser()),
    exceptMachineCallers(signedCookiesOnDemand(config.SESSION_SECRET)),
  );
  app.use('/api', exceptMachineCallers(sessionMiddleware(config, redis, clock)));
  app.use('/api', exceptWebhooks(rateLimit.enforce));
  app.use(INVITATION_ROUTES, invitationLimit.enforce);
  app.use('/api', exceptMachineCallers(sessionLifetimeMiddleware(config.SESSION_TTL_SECONDS, clock, logger)));
  app.use('/api/admin', adminAreaMiddleware(logger));
  app.use('/api', exceptMachineCallers(xsrfMiddleware({ secure: config.COOKIE_SECURE }, logger)));
}
