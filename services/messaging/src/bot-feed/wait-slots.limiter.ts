import { randomUUID } from 'node:crypto';
import { DomainError, type Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

/** How long past its timeout a wait's slot outlives it, should its replica die before giving it back. */
export const WAIT_LEASE_MARGIN_MS = 15_000;

/** The caps on waits open at once, across every replica. */
export interface WaitCaps {
  perKey: number;
  perRoboMfa: number;
}

/** One open wait's place in the counts; give it back when the wait ends, however it ends. */
export interface WaitSlot {
  release(): Promise<void>;
}

export const tooManyWaits = (caps: WaitCaps, over: 'key' | 'robo-mfa') =>
  new DomainError(
    'TOO_MANY_WAITS',
    over === 'key'
      ? `This API key already has ${caps.perKey} waits open: let one end before starting another`
      : `The bots of this RoboMFA already have ${caps.perRoboMfa} waits open: let one end before starting another`,
    429,
  );

/** Counts the waits open per API key and per RoboMFA; a wait over either cap is refused at once. */
export abstract class WaitSlots {
  /** The caps this counts against (what the RoboMFA page tells the bots' owner). */
  abstract readonly caps: WaitCaps;
  /** A slot for a wait of up to `waitMs`; throws 429 TOO_MANY_WAITS when the key or its RoboMFA is full. */
  abstract take(keyHash: string, mfaId: string, waitMs: number): Promise<WaitSlot>;
}

/**
 * KEYS: the key's and the RoboMFA's sets of open waits (member: the wait's id, score: when its lease
 * ends, on Redis's clock, which every replica shares). ARGV: wait id, lease (ms), key cap, RoboMFA cap.
 * Drops the leases that ended (a replica that died holding them), then adds the wait to both sets, or
 * answers which cap it is over: 1 the key's, 2 the RoboMFA's, 0 taken.
 */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 2 end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[1])
  if redis.call('PTTL', KEYS[i]) < lease then redis.call('PEXPIRE', KEYS[i], lease) end
end
return 0
`;

type SlotRedis = Redis & { takeWaitSlot(...args: Array<string | number>): Promise<number> };

const noSlot: WaitSlot = { release: async () => undefined };

/**
 * The counts in Redis, one atomic script per wait, so concurrent waits on any replicas cannot all
 * find room. Each slot is leased for the wait's timeout plus a margin: a replica that dies holding
 * slots loses them when their leases end. When Redis cannot answer within a second the wait goes
 * ahead uncounted (and a warning is logged): availability first, as for the gateway's rate limits.
 */
export class RedisWaitSlots extends WaitSlots implements OnApplicationShutdown {
  private readonly redis: SlotRedis;

  constructor(
    url: string,
    private readonly keyPrefix: string,
    readonly caps: WaitCaps,
    private readonly logger: Logger,
    private readonly leaseMarginMs = WAIT_LEASE_MARGIN_MS,
  ) {
    super();
    // Commands of the same tick leave in one write: a release's two ZREMs, the takes of a RoboMFA's
    // bots waiting again after one text.
    const redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      enableAutoPipelining: true,
    });
    redis.on('error', (error) => this.logger.warn({ err: error }, 'bot wait slots: Redis error'));
    redis.defineCommand('takeWaitSlot', { numberOfKeys: 2, lua: TAKE_SCRIPT });
    this.redis = redis as SlotRedis;
  }

  async take(keyHash: string, mfaId: string, waitMs: number): Promise<WaitSlot> {
    const keys = [`${this.keyPrefix}bot-waits:key:${keyHash}`, `${this.keyPrefix}bot-waits:mfa:${mfaId}`];
    const id = randomUUID();
    let over: number;
    try {
      over = await this.redis.takeWaitSlot(
        ...keys,
        id,
        waitMs + this.leaseMarginMs,
        this.caps.perKey,
        this.caps.perRoboMfa,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'bot wait slots unavailable: the wait is not counted');
      return noSlot;
    }
    if (over === 1) throw tooManyWaits(this.caps, 'key');
    if (over === 2) throw tooManyWaits(this.caps, 'robo-mfa');
    return {
      release: async () => {
        try {
          await Promise.all(keys.map((key) => this.redis.zrem(key, id)));
        } catch (error) {
          // Its lease ends it in any case.
          this.logger.warn({ err: error }, 'bot wait slot not given back');
        }
      },
    };
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
