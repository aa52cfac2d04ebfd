import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/**
 * JSON logs on stdout. Nothing secret is ever passed to the logger (no bodies, no query strings, no
 * credentials); the redaction list is a second line of defence.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'provider-sandbox' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'headers.authorization',
        'secret',
        '*.secret',
        'token',
        '*.token',
        'clientSecret',
        '*.clientSecret',
        'client_secret',
        '*.client_secret',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
  });
}
