import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { AttemptLimiter } from '../auth/attempt.limiter.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';

/** Contact form messages one client network (/24, /64) may send in an hour. */
export const CONTACT_MESSAGES_PER_NETWORK_PER_HOUR = 5;

/** Keeps the contact form from flooding support's inbox: counted in Redis, shared by every replica. */
@Injectable()
export class ContactThrottleService {
  private readonly limiter: AttemptLimiter;

  constructor(@Inject(GatewayRedis) redis: GatewayRedis) {
    this.limiter = new AttemptLimiter(redis.client);
  }

  /** Counts the message; throws 429 over the limit. */
  async reserve(network: string): Promise<void> {
    const reservation = await this.limiter.reserve([
      {
        key: `contact:net:${network}`,
        limit: CONTACT_MESSAGES_PER_NETWORK_PER_HOUR,
        windowSeconds: 3600,
        lockSeconds: [3600],
      },
    ]);
    if (!reservation.allowed) {
      throw new DomainError(
        'TOO_MANY_MESSAGES',
        'Too many messages were sent from your network. Please try again in an hour',
        429,
        { retryAfterSeconds: reservation.retryAfterSeconds },
      );
    }
  }
}
