import type { Redis } from 'ioredis';

/** One counted limit: at most `limit` attempts per window under `key`, then locks of growing length. */
export interface AttemptTier {
  key: string;
  limit: number;
  windowSeconds: number;
  /** Lock lengths for the 1st, 2nd, … attempt over the limit; the last one repeats. */
  lockSeconds: readonly number[];
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Checks every tier's lock, then counts the attempt in every tier, and locks a tier that went over its
 * limit, in one Redis script: concurrent attempts cannot all read "allowed" before any is counted.
 * KEYS: counter and lock of each tier. ARGV: per tier limit, window, then the lock schedule
 * (count, lengths…).
 */
const RESERVE_SCRIPT = `
local tiers = #KEYS / 2
for t = 1, tiers do
  local locked = redis.call('PTTL', KEYS[t * 2])
  if locked > 0 then return locked end
end
local arg = 1
local refusedMs = 0
for t = 1, tiers do
  local limit = tonumber(ARGV[arg])
  local window = tonumber(ARGV[arg + 1])
  local steps = tonumber(ARGV[arg + 2])
  local count = redis.call('INCR', KEYS[t * 2 - 1])
  if count == 1 then redis.call('EXPIRE', KEYS[t * 2 - 1], window) end
  if count > limit then
    local step = math.min(count - limit, steps)
    local ms = tonumber(ARGV[arg + 2 + step]) * 1000
    redis.call('SET', KEYS[t * 2], '1', 'PX', ms)
    if ms > refusedMs then refusedMs = ms end
  end
  arg = arg + 3 + steps
end
return refusedMs
`;

type ReservingRedis = Redis & { reserveAttempt(...args: Array<string | number>): Promise<number> };

/** Atomic attempt counting over several tiers in Redis (sign-in guesses, code requests). */
export class AttemptLimiter {
  private readonly redis: ReservingRedis;

  constructor(redis: Redis) {
    if (!('reserveAttempt' in redis)) redis.defineCommand('reserveAttempt', { lua: RESERVE_SCRIPT });
    this.redis = redis as ReservingRedis;
  }

  async reserve(tiers: readonly AttemptTier[]): Promise<Reservation> {
    const keys = tiers.flatMap((tier) => [tier.key, `${tier.key}:lock`]);
    const args = tiers.flatMap((tier) => [
      tier.limit,
      tier.windowSeconds,
      tier.lockSeconds.length,
      ...tier.lockSeconds,
    ]);
    const refusedMs = await this.redis.reserveAttempt(keys.length, ...keys, ...args);
    return refusedMs > 0
      ? { allowed: false, retryAfterSeconds: Math.ceil(refusedMs / 1000) }
      : { allowed: true };
  }

  /** Forgets a tier entirely (a successful sign-in from that account and network). */
  async clear(tier: AttemptTier): Promise<void> {
    await this.redis.del(tier.key, `${tier.key}:lock`);
  }

  /** Gives back one counted attempt (it succeeded, so it was no guess). */
  async giveBack(tier: AttemptTier): Promise<void> {
    await this.redis.eval(
      "if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end",
      1,
      tier.key,
    );
  }
}
