import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import { AttemptLimiter } from './attempt.limiter.js';
import { signUpTiers } from './sign-up-throttle.rules.js';

/** Keeps sign-up from being a flood of accounts, hashes and e-mails: counted in Redis, shared by replicas. */
@Injectable()
export class SignUpThrottleService {
  private readonly limiter: AttemptLimiter;

  constructor(
    @Inject(GatewayRedis) redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.limiter = new AttemptLimiter(redis.client);
  }

  /** Counts the sign-up before identity is asked; throws 429 SIGN_UP_THROTTLED over a limit. */
  async reserve(network: string, emailAddress: string): Promise<void> {
    const reservation = await this.limiter.reserve(
      signUpTiers(network, emailAddress, this.config.SIGNUP_LIMIT_PER_NETWORK),
    );
    if (reservation.allowed) return;
    const minutes = Math.max(1, Math.ceil(reservation.retryAfterSeconds / 60));
    throw new DomainError(
      'SIGN_UP_THROTTLED',
      `Too many sign-ups. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      429,
      { retryAfterSeconds: reservation.retryAfterSeconds },
    );
  }
}
