import { ProviderError } from '../providers/provider.errors.js';

const BASE_MS = 1000;
const MAX_MS = 60_000;
/** Never wait longer than this for a provider's reset, whatever it claims. */
const MAX_RESET_WAIT_MS = 10 * 60_000;

/**
 * How long to wait before attempt `attemptsMade + 1` of a forward: 1 s, 2 s, 4 s … capped at a minute,
 * and never before the provider's rate limit resets (a 429's `Retry-After` / `X-RateLimit-Reset`).
 */
export function retryDelayMs(attemptsMade: number, error: unknown, now: Date): number {
  const exponential = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attemptsMade - 1));
  if (!(error instanceof ProviderError) || !error.retryAt) return exponential;
  const untilReset = Math.min(MAX_RESET_WAIT_MS, error.retryAt.getTime() - now.getTime());
  return Math.max(exponential, untilReset);
}
