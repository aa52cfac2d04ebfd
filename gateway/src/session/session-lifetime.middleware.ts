import type { Clock } from '@multimfa/service-runtime';
import type { NextFunction, Request, Response } from 'express';
import {
  SESSION_SEEN_GRANULARITY_SECONDS,
  sessionCookieName,
  sessionSecondsLeft,
} from './session-settings.config.js';

/** Set on `res.locals` when this request came with a session that had ended (the 401 then says so). */
export const SESSION_EXPIRED = 'sessionExpired';

const SESSION_COOKIES = [sessionCookieName(false), sessionCookieName(true)];

/**
 * The browser named a session the store no longer has: express-session then gave the request a new id.
 * (Only the id inside the signed cookie is read here; express-session has checked the signature.)
 */
const namedEndedSession = (req: Request) =>
  (req.headers.cookie ?? '').split(';').some((part) => {
    const at = part.indexOf('=');
    if (!SESSION_COOKIES.includes(part.slice(0, at).trim())) return false;
    const id = decodeURIComponent(part.slice(at + 1).trim())
      .replace(/^s:/, '')
      .replace(/\.[^.]*$/, '');
    return id !== req.sessionID;
  });

/**
 * Enforces a session's absolute lifetime (from the sign-in time it stores; no write extends it) and its
 * idle timeout. An ended session is replaced by an empty one, and a cookie naming a session the store
 * no longer has (ended elsewhere: a password change, a Google take-over) counts as ended too. The
 * last-seen time is written at most once per SESSION_SEEN_GRANULARITY_SECONDS, so an active session
 * costs no Redis write per request.
 */
export function sessionLifetimeMiddleware(absoluteSeconds: number, clock: Clock) {
  return (req: Request, res: Response, next: NextFunction) => {
    const session = req.session;
    if (!session?.startedAt) {
      if (namedEndedSession(req)) res.locals[SESSION_EXPIRED] = true;
      return next();
    }
    const now = clock.now().getTime();
    if (sessionSecondsLeft(session, absoluteSeconds, now) <= 0) {
      res.locals[SESSION_EXPIRED] = true;
      return session.regenerate((error) => next(error));
    }
    if (now - (session.lastSeenAt ?? session.startedAt) >= SESSION_SEEN_GRANULARITY_SECONDS * 1000) {
      session.lastSeenAt = now;
    }
    next();
  };
}
