import type { Clock } from '@multimfa/service-runtime';
import type { WorkerOptions } from 'bullmq';
import { ProviderError } from './provider.errors.js';

const BASE_MS = 1000;
const MAX_MS = 5 * 60_000;
/** Each delay is the backoff times a factor drawn from [1 - JITTER, 1 + JITTER): replicas do not retry in step. */
const JITTER = 0.2;
/** Never wait longer than this for a provider's reset, whatever it claims. */
const MAX_RESET_WAIT_MS = 10 * 60_000;

/**
 * How long to wait before attempt `attemptsMade + 1` of a send: 1 s, 2 s, 4 s … capped at five
 * minutes, each within 20% either way (`random` in [0, 1)), and never before the provider's rate
 * limit resets (a 429's `Retry-After` / `X-RateLimit-Reset`).
 */
export function retryDelayMs(
  attemptsMade: number,
  error: unknown,
  now: Date,
  random = Math.random(),
): number {
  const exponential = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, attemptsMade - 1));
  const jittered = Math.round(exponential * (1 - JITTER + 2 * JITTER * random));
  if (!(error instanceof ProviderError) || !error.retryAt) return jittered;
  const untilReset = Math.min(MAX_RESET_WAIT_MS, error.retryAt.getTime() - now.getTime());
  return Math.max(jittered, untilReset);
}

/** The shortest time `attempts` attempts keep trying (every delay at its lowest): the retry horizon. */
export function shortestRetryHorizonMs(attempts: number): number {
  let total = 0;
  for (let made = 1; made < attempts; made += 1) total += retryDelayMs(made, undefined, new Date(0), 0);
  return total;
}

/**
 * A worker's settings for jobs whose backoff type is `provider`: `retryDelayMs` on the worker's clock,
 * times `scale` (PROVIDER_RETRY_DELAY_SCALE): 1 in production; below 1 the same schedule, jitter and
 * resets included, runs that much faster (the faults tier waits out an hour's outage in a minute).
 */
export function providerBackoff(clock: Clock, scale = 1): WorkerOptions['settings'] {
  return {
    backoffStrategy: (attemptsMade: number, _type?: string, error?: Error) =>
      Math.round(retryDelayMs(attemptsMade, error, clock.now()) * scale),
  };
}
