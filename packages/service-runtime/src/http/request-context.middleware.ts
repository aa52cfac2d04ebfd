import type { IncomingMessage, ServerResponse } from 'node:http';
import { CORRELATION_HEADER, currentCorrelationId, withCorrelationId } from '../logging/correlation.js';
import type { Metrics } from '../metrics/metrics.js';

type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * Gives every request a correlation id (the caller's, when it sent a plain one), echoes it in the
 * response and times the request into the metrics. The access log line is pino-http's.
 */
export function requestContextMiddleware(metrics: Metrics) {
  return (req: RoutedRequest, res: ServerResponse, next: () => void) => {
    withCorrelationId(String(req.headers[CORRELATION_HEADER] ?? ''), () => {
      res.setHeader(CORRELATION_HEADER, currentCorrelationId() as string);
      const stopTimer = metrics.httpDuration.startTimer({ method: req.method });
      res.on('finish', () => {
        const route = req.route?.path ? `${req.baseUrl ?? ''}${String(req.route.path)}` : 'unmatched';
        stopTimer({ route, status: String(res.statusCode) });
      });
      next();
    });
  };
}
