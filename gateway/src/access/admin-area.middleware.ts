import type { ServerResponse } from 'node:http';
import { type Logger, sendError } from '@multimfa/service-runtime';
import { type GatewayRequest, SESSION_EXPIRED } from '../exchange/raw-exchange.adapter.js';
import { forbidden, unauthenticated } from './access.errors.js';
import '../session/session-state.types.js';

/**
 * Everything under /api/admin, by prefix and before any route lookup (so also paths that do not exist
 * yet): 401 to anonymous callers, 403 to anyone who is not an administrator.
 */
export function adminAreaMiddleware(logger: Logger) {
  return (req: GatewayRequest, res: ServerResponse, next: () => void) => {
    const user = req.session?.user;
    if (!user) return sendError(res, unauthenticated(req[SESSION_EXPIRED] === true), logger);
    if (user.role !== 'ADMIN') return sendError(res, forbidden(), logger);
    next();
  };
}
