import type { NextFunction, Request, Response } from 'express';
import { SESSION_SEEN_GRANULARITY_SECONDS, sessionSecondsLeft } from '../http/session-settings.js';

/** Set on `res.locals` when this request came with a session that had ended (the 401 then says so). */
export const SESSION_EXPIRED = 'sessionExpired';

/**
 * Enforces a session's absolute lifetime (from the sign-in time it stores; no write extends it) and its
 * idle timeout. An ended session is replaced by an empty one; the last-seen time is written at most
 * once per SESSION_SEEN_GRANULARITY_SECONDS, so an active session costs no Redis write per request.
 */
export function sessionLifetimeMiddleware(absoluteSeconds: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const session = req.session;
    if (!session?.startedAt) return next();
    const now = Date.now();
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
