import type { ServerResponse } from 'node:http';
import { type Clock, DomainError, type Logger, sendError } from '@multimfa/service-runtime';
import { type GatewayRequest, SESSION_EXPIRED } from '../exchange/raw-exchange.adapter.js';
import {
  SESSION_SEEN_GRANULARITY_SECONDS,
  sessionCookieName,
  sessionSecondsLeft,
} from './session-settings.config.js';

const SESSION_COOKIES = [sessionCookieName(false), sessionCookieName(true)];

/**
 * The session ids the request's session cookies name, `undefined` for a value that is not valid
 * percent-encoding. (Only the id inside the signed cookie is read here; express-session has checked the
 * signature.)
 */
const namedSessionIds = (req: GatewayRequest) =>
  (req.headers.cookie ?? '').split(';').flatMap((part) => {
    const at = part.indexOf('=');
    if (!SESSION_COOKIES.includes(part.slice(0, at).trim())) return [];
    try {
      return [
        decodeURIComponent(part.slice(at + 1).trim())
          .replace(/^s:/, '')
          .replace(/\.[^.]*$/, ''),
      ];
    } catch {
      return [undefined];
    }
  });

const sessionCookieInvalid = () =>
  new DomainError(
    'SESSION_COOKIE_INVALID',
    "Your session cookie is not valid. Please clear this site's cookies and sign in again",
    400,
  );

/**
 * Enforces a session's absolute lifetime (from the sign-in time it stores; no write extends it) and its
 * idle timeout. An ended session is replaced by an empty one, and a cookie naming a session the store
 * no longer has (ended elsewhere: a password change, a Google take-over) counts as ended too. The
 * last-seen time is written at most once per SESSION_SEEN_GRANULARITY_SECONDS, so an active session
 * costs no Redis write per request.
 */
export function sessionLifetimeMiddleware(absoluteSeconds: number, clock: Clock, logger: Logger) {
  return (req: GatewayRequest, res: ServerResponse, next: (error?: unknown) => void) => {
    const session = req.session;
    if (!session?.startedAt) {
      const named = namedSessionIds(req);
      if (named.includes(undefined)) return sendError(res, sessionCookieInvalid(), logger);
      // A session the store no longer has: express-session gave the request a new id.
      if (named.some((id) => id !== req.sessionID)) req[SESSION_EXPIRED] = true;
      return next();
    }
    const now = clock.now().getTime();
    if (sessionSecondsLeft(session, absoluteSeconds, now) <= 0) {
      req[SESSION_EXPIRED] = true;
      return session.regenerate((error) => next(error));
    }
    if (now - (session.lastSeenAt ?? session.startedAt) >= SESSION_SEEN_GRANULARITY_SECONDS * 1000) {
      session.lastSeenAt = now;
    }
    next();
  };
}
