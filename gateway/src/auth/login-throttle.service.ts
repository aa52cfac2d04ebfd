import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { GatewayRedis } from '../http/gateway-redis.js';

/**
 * Slows password guessing without letting an attacker lock a user out for long:
 * - per account: after 5 failures in 15 minutes the account's sign-in pauses for 1 minute, doubling
 *   with each further failure, never more than 15 minutes; a success clears it;
 * - per client address: at most 50 failures in 15 minutes, across all accounts.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  accountFreeFailures: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  addressMaxFailures: 50,
} as const;

const accountKey = (emailAddress: string) => `login-fail:account:${emailAddress.toLowerCase()}`;
const lockKey = (emailAddress: string) => `login-lock:account:${emailAddress.toLowerCase()}`;
const addressKey = (ip: string) => `login-fail:ip:${ip}`;

export function lockSeconds(failures: number): number {
  if (failures < LOGIN_THROTTLE.accountFreeFailures) return 0;
  const doublings = failures - LOGIN_THROTTLE.accountFreeFailures;
  return Math.min(LOGIN_THROTTLE.firstLockSeconds * 2 ** doublings, LOGIN_THROTTLE.maxLockSeconds);
}

function tooMany(seconds: number): DomainError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new DomainError(
    'LOGIN_THROTTLED',
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    429,
    { retryAfterSeconds: seconds },
  );
}

@Injectable()
export class LoginThrottleService {
  constructor(@Inject(GatewayRedis) private readonly redis: GatewayRedis) {}

  async assertAllowed(emailAddress: string, ip: string): Promise<void> {
    const [lockMs, addressFailures] = await Promise.all([
      this.redis.client.pTTL(lockKey(emailAddress)),
      this.redis.client.get(addressKey(ip)),
    ]);
    if (lockMs > 0) throw tooMany(Math.ceil(lockMs / 1000));
    if (Number(addressFailures ?? 0) >= LOGIN_THROTTLE.addressMaxFailures) {
      throw tooMany(Math.max(1, await this.redis.client.ttl(addressKey(ip))));
    }
  }

  async recordFailure(emailAddress: string, ip: string): Promise<void> {
    const account = accountKey(emailAddress);
    const address = addressKey(ip);
    const [failures] = await this.redis.client
      .multi()
      .incr(account)
      .expire(account, LOGIN_THROTTLE.windowSeconds, 'NX')
      .incr(address)
      .expire(address, LOGIN_THROTTLE.windowSeconds, 'NX')
      .exec();
    const seconds = lockSeconds(Number(failures));
    if (seconds > 0) await this.redis.client.set(lockKey(emailAddress), '1', { EX: seconds });
  }

  async recordSuccess(emailAddress: string): Promise<void> {
    await this.redis.client.del([accountKey(emailAddress), lockKey(emailAddress)]);
  }
}
