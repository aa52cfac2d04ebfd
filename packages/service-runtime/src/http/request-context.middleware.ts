import type { NextFunction, Request, Response } from 'express';
import { CORRELATION_HEADER, currentCorrelationId, withCorrelationId } from '../logging/correlation.js';
import type { Logger } from '../logging/logger.js';
import type { Metrics } from '../metrics/metrics.js';

const QUIET_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/**
 * Gives every request a correlation id (the caller's, when it sent a plain one), echoes it in the
 * response, times the request into the metrics and writes one access-log line when it ends.
 */
export function requestContextMiddleware(logger: Logger, metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    withCorrelationId(req.header(CORRELATION_HEADER), () => {
      const correlationId = currentCorrelationId() as string;
      res.setHeader(CORRELATION_HEADER, correlationId);
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
        metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
        if (QUIET_PATHS.has(req.path)) return;
        withCorrelationId(correlationId, () =>
          logger.info(
            {
              method: req.method,
              path: req.path,
              status: res.statusCode,
              durationMs: Math.round(seconds * 1000),
            },
            'request completed',
          ),
        );
      });
      next();
    });
  };
}
