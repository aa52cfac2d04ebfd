/** How long a provider call may take before it is given up, its outcome unknown. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * A provider refused a send. `retryAt` is when its rate limit resets (from `Retry-After` or
 * `X-RateLimit-Reset`); `permanent` when trying again cannot help: a 4xx about the message itself,
 * not 408 and 429, and not 401 and 403, which say our credentials were refused (a key being rotated,
 * an account briefly suspended) and pass once that is put right.
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly provider: 'twilio' | 'sendgrid' | 'slack' | 'webhook',
    readonly status: number,
    message: string,
    readonly retryAt: Date | undefined,
  ) {
    super(message);
  }

  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && ![401, 403, 408, 429].includes(this.status);
  }
}

type HeaderValue = string | string[] | number | undefined | null;

const first = (value: HeaderValue): string | undefined =>
  value === undefined || value === null ? undefined : String(Array.isArray(value) ? value[0] : value).trim();

/**
 * When a provider said it may be called again: `Retry-After` (seconds or an HTTP date) and
 * `X-RateLimit-Reset` (Unix seconds), the later of the two; undefined when it said neither.
 */
export function rateLimitResetOf(headers: Record<string, HeaderValue>, now: Date): Date | undefined {
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const candidates: number[] = [];
  const retryAfter = first(lower['retry-after']);
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) candidates.push(now.getTime() + Number(retryAfter) * 1000);
    else if (!Number.isNaN(Date.parse(retryAfter))) candidates.push(Date.parse(retryAfter));
  }
  const reset = first(lower['x-ratelimit-reset']);
  if (reset && /^\d+$/.test(reset)) candidates.push(Number(reset) * 1000);
  return candidates.length ? new Date(Math.max(...candidates)) : undefined;
}

/**
 * Why a send failed for good, as far as a later try goes: `permanent` when the provider refused the
 * message itself (an invalid or unsubscribed recipient: `ProviderError.permanent`), `transient` for
 * everything that passes with the provider's outage (5xx, 401/403, 408, 429, a timeout, a lost
 * connection).
 */
export type FailureClass = 'transient' | 'permanent';

export function failureClassOf(error: unknown): FailureClass {
  return error instanceof ProviderError && error.permanent ? 'permanent' : 'transient';
}
