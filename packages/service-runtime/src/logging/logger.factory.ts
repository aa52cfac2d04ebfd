import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { currentCorrelationId } from './correlation.context.js';

export type { Logger } from 'pino';

/**
 * JSON logs on stdout (or `destination`, for tests reading what was logged), each line carrying the
 * service name and the current correlation id.
 */
export function createLogger(service: string, level = 'info', destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
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
  };
  return destination ? pino(options, destination) : pino(options);
}
