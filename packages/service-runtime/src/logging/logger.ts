import { type Logger, pino } from 'pino';
import { currentCorrelationId } from './correlation.js';

export type { Logger } from 'pino';

/** JSON logs on stdout, each line carrying the service name and the current correlation id. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'token',
        '*.token',
        'headers.cookie',
        'headers.authorization',
        'parameters',
        '*.parameters',
        'APIKey',
        '*.APIKey',
        'apiKey',
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  });
}
