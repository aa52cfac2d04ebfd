import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import { AttemptLimiter, type AttemptTier } from './attempt.limiter.js';
import { clientPrefix } from './client-prefix.rules.js';

/**
 * E-mailed codes (verification, password reset) one client network (/24, /64) may get wrong: past the
 * limit in the window, the network's checks answer 429 until the lock ends. Identity's 5 wrong tries
 * per code stay; this bounds guessing across many addresses from one network.
 */
export const CODE_CHECK_LIMITS = {
  wrongPerNetwork: 20,
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
} as const;

const networkTier = (network: string): AttemptTier => ({
  key: `code-checks:net:${network}`,
  limit: CODE_CHECK_LIMITS.wrongPerNetwork,
  windowSeconds: CODE_CHECK_LIMITS.windowSeconds,
  lockSeconds: [CODE_CHECK_LIMITS.lockSeconds],
});

/** Counts code checks per client network in Redis (shared by every replica) before identity is asked. */
@Injectable()
export class CodeCheckThrottleService {
  private readonly limiter: AttemptLimiter;

  constructor(@Inject(GatewayRedis) redis: GatewayRedis) {
    this.limiter = new AttemptLimiter(redis.client);
  }

  /**
   * Runs `check` if the caller's network is within its limit (429 otherwise); a check that passes
   * gives its count back, so only wrong codes (and failed checks) use the network's allowance.
   */
  async counted<T>(ip: string | undefined, check: () => Promise<T>): Promise<T> {
    const tier = networkTier(clientPrefix(ip));
    const reservation = await this.limiter.reserve([tier]);
    if (!reservation.allowed) {
      const minutes = Math.max(1, Math.ceil(reservation.retryAfterSeconds / 60));
      throw new DomainError(
        'TOO_MANY_CODE_CHECKS',
        `Too many wrong codes were tried from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        429,
        { retryAfterSeconds: reservation.retryAfterSeconds },
      );
    }
    const result = await check();
    await this.limiter.succeeded({ givenBack: [tier] });
    return result;
  }
}
