/** Shown when a call fails without a message we can show. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong!';

export type ApiErrorKind =
  /** The server answered `{ isError: true, message }` (any status): `message` is the server's. */
  | 'server'
  /** A non-2xx answer without an envelope (a proxy error page, for example). */
  | 'http'
  /** No answer at all: offline, DNS, connection refused. `message` is the browser's text. */
  | 'network'
  /** A 2xx answer whose body does not match the endpoint's response schema. */
  | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    /** `data.code` of an error envelope, for example `XSRF_REJECTED`. */
    readonly code?: string,
    /** `data` of the error envelope, when there was one. */
    readonly data?: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** True when `message` was written by the server and may be shown as is. */
  get hasServerMessage(): boolean {
    return this.kind === 'server';
  }
}

/**
 * The text to show for a failed call: the server's message when it sent one (isError), else the
 * screen's own fallback. Network failures show the browser's text only when no fallback is given.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.hasServerMessage) return error.message;
    if (fallback) return fallback;
    return error.kind === 'network' ? error.message : GENERIC_ERROR_MESSAGE;
  }
  return fallback ?? GENERIC_ERROR_MESSAGE;
}
