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

/**
 * An attempt that succeeded, in one Redis script: the tiers it clears are forgotten (count and lock),
 * the tiers it gives back lose the one attempt it counted (never below zero).
 * KEYS: each cleared tier's counter and lock, then each given-back tier's counter. ARGV: how many
 * tiers are cleared.
 */
const SUCCEED_SCRIPT = `
local cleared = tonumber(ARGV[1])
for k = 1, cleared * 2 do redis.call('DEL', KEYS[k]) end
for k = cleared * 2 + 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[k]) or '0') > 0 then redis.call('DECR', KEYS[k]) end
end
return 0
`;

type ReservingRedis = Redis & {
  reserveAttempt(...args: Array<string | number>): Promise<number>;
  attemptSucceeded(...args: Array<string | number>): Promise<number>;
};

/** Atomic attempt counting over several tiers in Redis (sign-in guesses, code requests). */
export class AttemptLimiter {
  private readonly redis: ReservingRedis;

  constructor(redis: Redis) {
    if (!('reserveAttempt' in redis)) redis.defineCommand('reserveAttempt', { lua: RESERVE_SCRIPT });
    if (!('attemptSucceeded' in redis)) redis.defineCommand('attemptSucceeded', { lua: SUCCEED_SCRIPT });
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

  /**
   * An attempt succeeded, so it was no guess, in one round trip: `cleared` tiers are forgotten entirely
   * (a successful sign-in from that account and network), `givenBack` tiers lose the attempt it counted.
   */
  async succeeded({
    cleared = [],
    givenBack = [],
  }: {
    cleared?: readonly AttemptTier[];
    givenBack?: readonly AttemptTier[];
  }): Promise<void> {
    const keys = [
      ...cleared.flatMap((tier) => [tier.key, `${tier.key}:lock`]),
      ...givenBack.map((tier) => tier.key),
    ];
    if (keys.length) await this.redis.attemptSucceeded(keys.length, ...keys, cleared.length);
  }
}
