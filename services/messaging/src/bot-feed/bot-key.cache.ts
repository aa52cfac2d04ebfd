import { Clock, type Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { FeedBot } from './feed-bot.record.js';

/** What changed: a bot (created again, deactivated, removed), or an MFA (its subscription, deleted). */
export const botKeyChange = z.union([z.object({ botId: z.uuid() }), z.object({ mfaId: z.uuid() })]);
export type BotKeyChange = z.infer<typeof botKeyChange>;

/**
 * The bots that API keys opened lately, so that a bot asking again and again (every `next` call)
 * is not looked up in the database each time. Only keys that opened a feed are kept: a key refused
 * is asked of the database again, so a bot created a moment ago works at once.
 */
export abstract class BotKeyCache {
  /** The bot of `keyHash`: the one kept, or what `load` finds (kept if it found one). */
  abstract get(keyHash: string, load: () => Promise<FeedBot | undefined>): Promise<FeedBot | undefined>;
  /**
   * Call once the change has committed: every replica forgets the keys it touches, this one at once
   * and the others through Redis. Rejects if the others could not be told.
   */
  abstract forget(change: BotKeyChange): Promise<void>;
}

export const BOT_KEY_CHANNEL = 'messaging:bot-keys:changed';
/**
 * How long a key's bot is kept. Changes are told at once (`forget`); this bounds what a change lost
 * on its way (the Redis connection dropped while the change was being told) can cost.
 */
export const BOT_KEY_KEPT_MS = 10_000;
const MAX_KEPT = 100_000;

interface Kept {
  bot: FeedBot;
  until: number;
}

/**
 * The cache in this process's memory, kept true across replicas by Redis pub/sub: each replica
 * subscribes to the changes the others announce. While that subscription is not in place (connecting,
 * connection lost), nothing is kept and every key is looked up, since a change could go unheard. A
 * lookup that was in flight when a change was heard is used but not kept: it may have read the row as
 * it was before the change.
 */
export class RedisBotKeyCache extends BotKeyCache implements OnApplicationShutdown {
  private readonly kept = new Map<string, Kept>();
  private readonly subscriber: Redis;
  private listening = false;
  /** Moves on every change heard and every time the subscription is lost or (re)gained. */
  private generation = 0;

  constructor(
    url: string,
    private readonly publisher: Redis,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    super();
    this.subscriber = new Redis(url, {
      maxRetriesPerRequest: 2,
      retryStrategy: (retries) => Math.min(retries * 100, 2000),
      // Subscribed again below, on every 'ready', so that keeping starts only once it is in place.
      autoResubscribe: false,
    });
    this.subscriber.on('error', (error) => this.logger.warn({ err: error }, 'bot key cache: Redis error'));
    this.subscriber.on('close', () => this.deafened());
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(BOT_KEY_CHANNEL).then(
        () => {
          this.generation += 1;
          this.listening = true;
        },
        (error: unknown) => this.logger.warn({ err: error }, 'bot key cache: subscribe failed'),
      );
    });
    this.subscriber.on('message', (_channel: string, text: string) => {
      let change: BotKeyChange;
      try {
        change = botKeyChange.parse(JSON.parse(text));
      } catch (error) {
        // Forget everything rather than keep what the change may have been about.
        this.logger.warn({ err: error }, 'bot key change off schema');
        this.generation += 1;
        this.kept.clear();
        return;
      }
      this.drop(change);
    });
  }

  async get(keyHash: string, load: () => Promise<FeedBot | undefined>): Promise<FeedBot | undefined> {
    const now = this.clock.now().getTime();
    const kept = this.kept.get(keyHash);
    if (kept && kept.until > now && this.listening) return kept.bot;
    if (kept) this.kept.delete(keyHash);
    const generation = this.generation;
    const bot = await load();
    if (bot && this.listening && generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(keyHash, { bot, until: now + BOT_KEY_KEPT_MS });
    }
    return bot;
  }

  async forget(change: BotKeyChange): Promise<void> {
    this.drop(change);
    await this.publisher.publish(BOT_KEY_CHANNEL, JSON.stringify(change));
  }

  /** Whether keys are kept now: the subscription to changes is in place (for tests and health). */
  get keeping(): boolean {
    return this.listening;
  }

  private drop(change: BotKeyChange): void {
    this.generation += 1;
    for (const [keyHash, { bot }] of this.kept)
      if ('botId' in change ? bot.botId === change.botId : bot.mfaId === change.mfaId)
        this.kept.delete(keyHash);
  }

  private deafened(): void {
    this.listening = false;
    this.generation += 1;
    this.kept.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.subscriber.status !== 'end')
      await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
