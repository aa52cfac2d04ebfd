import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { DomainError, type Logger, sendError } from '@multimfa/service-runtime';
import { type GatewayRequest, setCookie } from '../exchange/raw-exchange.adapter.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The double-submit pair: a readable `XSRF-TOKEN` cookie that the web app echoes in `X-XSRF-TOKEN`
 * on every state-changing call. Another site can make the browser send the cookie but cannot read it,
 * so it cannot forge the header.
 */
export function xsrfMiddleware(options: { secure: boolean }, logger: Logger) {
  return (req: GatewayRequest, res: ServerResponse, next: () => void) => {
    const cookie: unknown = req.cookies?.[XSRF_COOKIE];
    const token = typeof cookie === 'string' && /^[A-Za-z0-9_-]{43}$/.test(cookie) ? cookie : undefined;
    if (!token) {
      setCookie(res, XSRF_COOKIE, randomBytes(32).toString('base64url'), {
        httpOnly: false,
        sameSite: 'strict',
        secure: options.secure,
        path: '/',
      });
    }
    if (SAFE_METHODS.has(req.method ?? '')) return next();
    const header = req.headers[XSRF_HEADER];
    if (!token || typeof header !== 'string' || !equal(token, header)) {
      const error = new DomainError(
        'XSRF_REJECTED',
        'Your session token is missing or stale; reload the page and try again',
        403,
      );
      return sendError(res, error, logger);
    }
    next();
  };
}
