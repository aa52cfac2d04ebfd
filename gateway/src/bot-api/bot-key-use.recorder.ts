import { botKeyUse } from '@multimfa/service-contracts/numbers';
import { Clock, DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** A key's use is told to numbers once in this long at most, whatever the replica. */
const NOTE_EVERY_SECONDS = 60;
/** Keys this replica remembers having seen noted (the oldest is forgotten first past this many). */
const REMEMBERED_KEYS = 10_000;

/**
 * Whether messaging's answer shows it accepted the key: it answered, or refused for a reason other than
 * the key (an expired subscription, an unknown or taken message, too many waits). A 401 is a key it
 * refused; a 400 or a 5xx may have come before it looked at the key.
 */
export function keyWasAccepted(error: unknown): boolean {
  return error instanceof DomainError && [403, 404, 409, 429].includes(error.status);
}

/**
 * Tells numbers (which owns the keys) when the bot API accepted a key, for the RoboMFA page's "last
 * used": at most once a minute per key across gateway replicas (a Redis key set if absent), without
 * holding the bot's answer up. Numbers itself moves the time once a minute at most, so a note lost or
 * doubled costs nothing; when Redis or numbers cannot answer, the note is dropped with a warning.
 * A replica that saw a key noted (by itself or another) asks Redis again only once the minute is over:
 * a bot's calls cost no Redis round trip each.
 */
@Injectable()
export class BotKeyUses {
  constructor(
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Until when (ms) each key is known to be noted for the current minute. */
  private readonly noted = new Map<string, number>();

  /** Notes the use in the background. */
  note(keyHash: string): void {
    this.tell(keyHash).catch((error: unknown) => this.logger.warn({ err: error }, 'bot key use not noted'));
  }

  /** The call's answer, the key's use noted when messaging accepted it (answer or refusal). */
  async noting<T>(keyHash: string, call: Promise<T>): Promise<T> {
    try {
      const answer = await call;
      this.note(keyHash);
      return answer;
    } catch (error) {
      if (keyWasAccepted(error)) this.note(keyHash);
      throw error;
    }
  }

  private async tell(keyHash: string): Promise<void> {
    const now = this.clock.now().getTime();
    if ((this.noted.get(keyHash) ?? 0) > now) return;
    const key = `botkey:used:${keyHash}`;
    const first = await this.redis.client.set(key, '1', 'EX', NOTE_EVERY_SECONDS, 'NX');
    // Remembered until the shared key expires: another replica's note holds this minute too.
    const ttl = first === 'OK' ? NOTE_EVERY_SECONDS * 1000 : await this.redis.client.pttl(key);
    this.remember(keyHash, now + Math.max(ttl, 0));
    if (first !== 'OK') return;
    await this.numbers.post(`/bot-keys/${keyHash}/used`, botKeyUse);
  }

  private remember(keyHash: string, until: number): void {
    this.noted.delete(keyHash);
    if (this.noted.size >= REMEMBERED_KEYS) this.noted.delete(this.noted.keys().next().value as string);
    this.noted.set(keyHash, until);
  }
}
