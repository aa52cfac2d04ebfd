import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CORRELATION_HEADER,
  currentCorrelationId,
  withCorrelationId,
} from '../logging/correlation.context.js';
import type { Metrics } from '../metrics/metrics.service.js';

/** The pattern of the route that matched a request (`/users/:id`), as each HTTP adapter records it. */
export type RouteOf = (req: IncomingMessage) => string | undefined;

/**
 * Gives every request a correlation id (the caller's, when it sent a plain one), echoes it in the
 * response and times the request into the metrics, by the route `routeOf` names. The access log line
 * is pino-http's.
 */
export function requestContextMiddleware(metrics: Metrics, routeOf: RouteOf) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    withCorrelationId(String(req.headers[CORRELATION_HEADER] ?? ''), () => {
      res.setHeader(CORRELATION_HEADER, currentCorrelationId() as string);
      const stopTimer = metrics.httpDuration.startTimer({ method: req.method });
      res.on('finish', () =>
        stopTimer({ route: routeOf(req) ?? 'unmatched', status: String(res.statusCode) }),
      );
      next();
    });
  };
}
