import { createHmac } from 'node:crypto';
import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '../config/gateway.config.js';
import { GATEWAY_CONFIG } from '../config/gateway-config.token.js';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import { AttemptLimiter, type AttemptTier } from './attempt.limiter.js';

/**
 * Slows password guessing without letting an attacker lock a user out:
 * - per account and client network (/24, /64): 5 attempts in 15 minutes, then the pair pauses for
 *   1 minute, doubling with each further attempt, never more than 15 minutes; a success clears it;
 * - per account from every network, and per network across accounts: higher limits that a browser
 *   which signed in to the account before (its signed device cookie) does not count against.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  accountFreeFailures: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  accountWideAttempts: 20,
  networkWideAttempts: 100,
} as const;

/** Code e-mails one client network may ask for in an hour, whatever the addresses. */
export const CODE_REQUESTS_PER_NETWORK_PER_HOUR = 20;

export function lockSeconds(failures: number): number {
  if (failures < LOGIN_THROTTLE.accountFreeFailures) return 0;
  const doublings = failures - LOGIN_THROTTLE.accountFreeFailures;
  return Math.min(LOGIN_THROTTLE.firstLockSeconds * 2 ** doublings, LOGIN_THROTTLE.maxLockSeconds);
}

/** The lock after the 1st, 2nd, … attempt over a limit: 1 minute, doubling, up to the cap. */
const LOCK_SCHEDULE: readonly number[] = (() => {
  const schedule: number[] = [];
  for (let failures = LOGIN_THROTTLE.accountFreeFailures; ; failures += 1) {
    schedule.push(lockSeconds(failures));
    if (schedule.at(-1) === LOGIN_THROTTLE.maxLockSeconds) return schedule;
  }
})();

function tooMany(seconds: number): DomainError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new DomainError(
    'LOGIN_THROTTLED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    429,
    { retryAfterSeconds: seconds },
  );
}

/** Who is trying: the account, the client's network, and whether this browser signed in to it before. */
export interface SignInAttempt {
  emailAddress: string;
  network: string;
  trustedDevice: boolean;
}

@Injectable()
export class LoginThrottleService {
  private readonly limiter: AttemptLimiter;

  constructor(
    @Inject(GatewayRedis) redis: GatewayRedis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.limiter = new AttemptLimiter(redis.client);
  }

  /** Counts the attempt before the password is checked; throws 429 when a limit is reached. */
  async reserve(attempt: SignInAttempt): Promise<void> {
    const tiers = this.tiers(attempt);
    const reservation = await this.limiter.reserve(attempt.trustedDevice ? tiers.slice(0, 1) : tiers);
    if (!reservation.allowed) throw tooMany(reservation.retryAfterSeconds);
  }

  /** The password was right: this account and network start afresh; the wider counts take it back. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    const [pair, ...wide] = this.tiers(attempt);
    await this.limiter.succeeded({
      cleared: pair ? [pair] : [],
      givenBack: attempt.trustedDevice ? [] : wide,
    });
  }

  /** At most CODE_REQUESTS_PER_NETWORK_PER_HOUR code e-mails per client network in an hour. */
  async reserveCodeRequest(network: string): Promise<void> {
    const reservation = await this.limiter.reserve([
      {
        key: `code-requests:net:${network}`,
        limit: CODE_REQUESTS_PER_NETWORK_PER_HOUR,
        windowSeconds: 3600,
        lockSeconds: [3600],
      },
    ]);
    if (!reservation.allowed) {
      throw new DomainError(
        'TOO_MANY_CODES',
        'Too many codes were requested. Please try again in an hour',
        429,
        { retryAfterSeconds: reservation.retryAfterSeconds },
      );
    }
  }

  /** What the device cookie holds: a keyed digest of the account's address, never the address. */
  deviceTag(emailAddress: string): string {
    return createHmac('sha256', this.config.SESSION_SECRET)
      .update(`device:${emailAddress.toLowerCase()}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private tiers(attempt: SignInAttempt): AttemptTier[] {
    const account = this.deviceTag(attempt.emailAddress);
    const windowSeconds = LOGIN_THROTTLE.windowSeconds;
    return [
      {
        key: `login:pair:${account}:${attempt.network}`,
        limit: LOGIN_THROTTLE.accountFreeFailures,
        windowSeconds,
        lockSeconds: LOCK_SCHEDULE,
      },
      {
        key: `login:account:${account}`,
        limit: LOGIN_THROTTLE.accountWideAttempts,
        windowSeconds,
        lockSeconds: LOCK_SCHEDULE,
      },
      {
        key: `login:network:${attempt.network}`,
        limit: LOGIN_THROTTLE.networkWideAttempts,
        windowSeconds,
        lockSeconds: LOCK_SCHEDULE,
      },
    ];
  }
}
