import { Clock, DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';

const WINDOW_SECONDS = 60;
const POLICY = 'bot';

export interface BotRateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
  exceeded: boolean;
}

/** Where the RateLimit fields go: the answer to the call (the raw Node response is one). */
export interface RateLimitedAnswer {
  setHeader(name: string, value: string): unknown;
}

/** Where a key stands in its window after its `count`-th call of the window at `nowMs`. */
export function rateLimitState(limit: number, count: number, nowMs: number): BotRateLimitState {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: WINDOW_SECONDS - (Math.floor(nowMs / 1000) % WINDOW_SECONDS),
    exceeded: count > limit,
  };
}

/** The IETF fields (draft-ietf-httpapi-ratelimit-headers): the policy, and where this key stands in it. */
export function rateLimitHeaders(state: BotRateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${POLICY}";q=${state.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"${POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
    ...(state.exceeded ? { 'Retry-After': String(state.resetSeconds) } : {}),
  };
}

/**
 * A fixed one-minute window per API key (by its hash), counted in Redis so every gateway replica
 * shares it; a long wait counts as one call. When Redis cannot answer the call goes through (and a
 * warning is logged): availability first, as for the per-address limit.
 */
@Injectable()
export class BotRateLimiter {
  private readonly limit: number;

  constructor(
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.limit = config.BOT_RATE_LIMIT_PER_MINUTE;
  }

  /** Counts the call, sets the RateLimit fields on the answer, and refuses with 429 over the limit. */
  async consume(keyHash: string, answer: RateLimitedAnswer): Promise<void> {
    const now = this.clock.now().getTime();
    const key = `ratelimit:bot:${keyHash}:${Math.floor(now / (WINDOW_SECONDS * 1000))}`;
    let count: number;
    try {
      const [counted] = await Promise.all([
        this.redis.client.incr(key),
        this.redis.client.expire(key, WINDOW_SECONDS, 'NX'),
      ]);
      count = counted;
    } catch (error) {
      this.logger.warn({ err: error }, 'bot rate limit unavailable');
      return;
    }
    const state = rateLimitState(this.limit, count, now);
    for (const [name, value] of Object.entries(rateLimitHeaders(state))) answer.setHeader(name, value);
    if (state.exceeded)
      throw new DomainError(
        'RATE_LIMITED',
        `Too many requests for this API key, please try again in ${state.resetSeconds} seconds`,
        429,
      );
  }
}
