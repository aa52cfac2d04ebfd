/** Why a call of the client failed; each comes with a message saying what to do. */
export type MultiMfaBotErrorCode =
  /** 401: the key is wrong, or its bot was deleted, or its owner deactivated. */
  | 'INVALID_KEY'
  /** 403 SUBSCRIPTION_EXPIRED: the RoboMFA must be renewed. */
  | 'SUBSCRIPTION_EXPIRED'
  /** 403 for another reason. */
  | 'FORBIDDEN'
  /** 429: over the key's rate limit, or too many waits open, longer than the deadline allows. */
  | 'RATE_LIMITED'
  /** 400: a parameter the server refused (the message names it). */
  | 'BAD_REQUEST'
  /** 404: no such message in this bot's RoboMFA. */
  | 'NOT_FOUND'
  /** 409: another bot claimed the message first. */
  | 'ALREADY_CLAIMED'
  /** 5xx until the deadline. */
  | 'SERVER_ERROR'
  /** The server could not be reached until the deadline. */
  | 'NETWORK'
  /** Nothing came before the deadline. */
  | 'TIMEOUT'
  /** The caller's own AbortSignal ended the call. */
  | 'ABORTED'
  /** An answer the client does not understand (another server at baseUrl?). */
  | 'UNEXPECTED_ANSWER';

export class MultiMfaBotError extends Error {
  override readonly name = 'MultiMfaBotError';

  constructor(
    readonly code: MultiMfaBotErrorCode,
    message: string,
    readonly details: {
      /** The HTTP status, when the server answered. */
      status?: number;
      /** The server's own message. */
      serverMessage?: string;
      /** The server's error code (`data.code`), e.g. SUBSCRIPTION_EXPIRED or TOO_MANY_WAITS. */
      serverCode?: string;
      /** For RATE_LIMITED: the seconds the server asked to wait. */
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  /** For RATE_LIMITED: the seconds the server asked to wait. */
  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}
