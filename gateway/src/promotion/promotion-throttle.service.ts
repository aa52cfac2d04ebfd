import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { AttemptLimiter, type AttemptTier } from '../auth/attempt.limiter.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';

/** Waitlist limits, per hour: code e-mails and code tries, per client network (/24, /64) and per address. */
export const WAITLIST_LIMITS = {
  joinsPerNetwork: 20,
  joinsPerAddress: 5,
  triesPerNetwork: 50,
  triesPerAddress: 10,
} as const;

const HOUR = 3600;
const tier = (key: string, limit: number): AttemptTier => ({
  key,
  limit,
  windowSeconds: HOUR,
  lockSeconds: [HOUR],
});

/**
 * Keeps the waitlist from flooding an inbox or being used to guess codes, counted in Redis (shared by
 * every replica) before identity is asked; identity's own limits (5 codes an hour, 5 tries a code) stay.
 */
@Injectable()
export class PromotionThrottleService {
  private readonly limiter: AttemptLimiter;

  constructor(@Inject(GatewayRedis) redis: GatewayRedis) {
    this.limiter = new AttemptLimiter(redis.client);
  }

  reserveJoin(network: string, emailAddress: string): Promise<void> {
    return this.reserve([
      tier(`waitlist:join:net:${network}`, WAITLIST_LIMITS.joinsPerNetwork),
      tier(`waitlist:join:addr:${emailAddress}`, WAITLIST_LIMITS.joinsPerAddress),
    ]);
  }

  reserveTry(network: string, emailAddress: string): Promise<void> {
    return this.reserve([
      tier(`waitlist:try:net:${network}`, WAITLIST_LIMITS.triesPerNetwork),
      tier(`waitlist:try:addr:${emailAddress}`, WAITLIST_LIMITS.triesPerAddress),
    ]);
  }

  private async reserve(tiers: AttemptTier[]): Promise<void> {
    const reservation = await this.limiter.reserve(tiers);
    if (!reservation.allowed) {
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many attempts. Please try again in an hour', 429, {
        retryAfterSeconds: reservation.retryAfterSeconds,
      });
    }
  }
}
