/**
 * An expected failure with a stable code and the HTTP status it maps to.
 * Services throw these; the one error filter turns them into `{ isError, message, data }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found', code = 'NOT_FOUND') {
    super(code, message, 404);
  }
}

/** The one response shape of every MultiMFA HTTP API. */
export interface Envelope<T> {
  isError: boolean;
  message: string;
  data: T;
}

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { isError: false, message, data };
}
