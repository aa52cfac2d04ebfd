import type { StripeStore } from './stripe.store.js';
import type { StripeContext } from './stripe-context.js';
import { stripeErrors } from './stripe-error.js';

const MAX_KEY_LENGTH = 255;

export type IdempotencyOutcome =
  /** The key was used before with the same request: send its first answer again. */
  | { kind: 'replay'; status: number; body: unknown; originalRequest: string }
  /** A new key (or none): run the request, then `settle` (or `abandon` if it failed validation). */
  | { kind: 'proceed'; settle(status: number, body: unknown): void; abandon(): void };

const noKey: IdempotencyOutcome = { kind: 'proceed', settle: () => undefined, abandon: () => undefined };

/**
 * Stripe's idempotency for one POST (https://docs.stripe.com/api/idempotent_requests): the same key
 * with the same endpoint and parameters replays the first answer; with another endpoint or other
 * parameters it is an `idempotency_error`; while the first request runs, a second one gets a 409.
 * As at Stripe, nothing is saved for a request that failed validation or crashed (the key can be
 * retried); answers of operations that ran, card declines included, are saved. Keys are scoped to the
 * kind of API key that sent them.
 */
export function beginIdempotentRequest(
  store: StripeStore,
  ctx: StripeContext,
  request: { method: string; endpoint: string; fingerprint: string },
): IdempotencyOutcome {
  const key = request.method === 'POST' ? ctx.idempotencyKey : null;
  if (key === null) return noKey;
  if (key.length > MAX_KEY_LENGTH) {
    throw stripeErrors.invalidRequest(
      `Invalid idempotency key: must be at most ${MAX_KEY_LENGTH} characters.`,
      {
        param: 'Idempotency-Key',
      },
    );
  }
  const scoped = `${ctx.mode}:${key}`;
  const previous = store.idempotentResult(scoped);
  if (previous) {
    if (previous.endpoint !== request.endpoint) {
      throw stripeErrors.idempotency(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.endpoint}' vs '${request.endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (previous.params !== request.fingerprint) {
      throw stripeErrors.idempotency(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (!previous.response) {
      throw stripeErrors.idempotency(
        `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        409,
        'idempotency_key_in_use',
      );
    }
    return { kind: 'replay', ...previous.response, originalRequest: previous.requestId };
  }
  store.saveIdempotentResult(scoped, {
    endpoint: request.endpoint,
    params: request.fingerprint,
    requestId: ctx.requestId,
  });
  return {
    kind: 'proceed',
    settle(status, body) {
      const saved = store.idempotentResult(scoped);
      if (saved && (status < 400 || status === 402)) saved.response = { status, body };
      else store.forgetIdempotentResult(scoped);
    },
    abandon() {
      store.forgetIdempotentResult(scoped);
    },
  };
}
