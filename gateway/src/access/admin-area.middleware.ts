import { type Logger, sendError } from '@multimfa/service-runtime';
import type { NextFunction, Request, Response } from 'express';
import { SESSION_EXPIRED } from '../session/session-lifetime.middleware.js';
import { forbidden, unauthenticated } from './access.errors.js';
import '../session/session-state.types.js';

/**
 * Everything under /api/admin, by prefix and before any route lookup (so also paths that do not exist
 * yet): 401 to anonymous callers, 403 to anyone who is not an administrator.
 */
export function adminAreaMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const user = req.session?.user;
    if (!user) return sendError(res, unauthenticated(res.locals[SESSION_EXPIRED] === true), logger);
    if (user.role !== 'ADMIN') return sendError(res, forbidden(), logger);
    next();
  };
}
