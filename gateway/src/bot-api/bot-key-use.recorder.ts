import { botKeyUse } from '@multimfa/service-contracts/numbers';
import { DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { GatewayRedis } from '../redis/gateway-redis.client.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** A key's use is told to numbers once in this long at most, whatever the replica. */
const NOTE_EVERY_SECONDS = 60;

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
 */
@Injectable()
export class BotKeyUses {
  constructor(
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

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
    const first = await this.redis.client.set(`botkey:used:${keyHash}`, '1', 'EX', NOTE_EVERY_SECONDS, 'NX');
    if (first !== 'OK') return;
    await this.numbers.post(`/bot-keys/${keyHash}/used`, botKeyUse);
  }
}
