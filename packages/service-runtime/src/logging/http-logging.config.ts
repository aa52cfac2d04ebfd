import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { currentCorrelationId } from './correlation.context.js';
import type { Logger } from './logger.factory.js';

const QUIET_PATHS = new Set(['/health/live', '/health/ready']);

const pathOf = (url = '') => url.split('?', 1)[0] ?? '';

/**
 * pino-http's access log: one line per request, once it ends, carrying the correlation id; only the
 * method, the path (never the query string) and the status, so no secret reaches the log.
 */
export function httpLoggingOptions(logger: Logger): Options<IncomingMessage, ServerResponse> {
  return {
    logger,
    genReqId: (req) => currentCorrelationId() ?? String(req.id ?? ''),
    // The request's logger is the one that carries the request (method, path): no second child per
    // request just for a reqId, since every line already carries the correlation id (the logger's mixin).
    quietReqLogger: false,
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(req.url)) },
    // Like the Ingress's own access log: a served request is a debug line, a refused one (4xx) info, a
    // failure an error. Counts and timings of every request are in the metrics.
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
    customAttributeKeys: { responseTime: 'durationMs' },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      err: () => undefined,
    },
  };
}
