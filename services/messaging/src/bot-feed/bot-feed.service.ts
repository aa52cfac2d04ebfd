import type {
  BotMessage,
  BotMessageClaim,
  BotMessagePage,
  ListBotMessagesQuery,
  NextBotMessageQuery,
} from '@multimfa/api-contract';
import type {
  FeedBotRegistration,
  FeedBotState,
  MessageArrival,
} from '@multimfa/service-contracts/messaging';
import { Clock, DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BotActionsRecorder } from '../bot-activity/bot-actions.recorder.js';
import { BotMessageActionsRepository } from '../bot-activity/bot-message-actions.repository.js';
import { Arrivals } from './arrivals.channel.js';
import { BotKeyCache, type BotKeyChange } from './bot-key.cache.js';
import type { FeedBot, FeedMessageRow } from './feed-bot.record.js';
import { FeedBotsRepository } from './feed-bots.repository.js';
import {
  compareCursors,
  cursorAtHorizon,
  decodeCursor,
  encodeCursor,
  FEED_START,
  type FeedCursor,
} from './feed-cursor.codec.js';
import { FeedMessagesRepository, type FeedSlice } from './feed-messages.repository.js';
import { type WaitCaps, WaitSlots } from './wait-slots.limiter.js';

/**
 * A held-back arrival (committed, not yet below the horizon) is looked at again after a wait doubling
 * from the first to the max: what holds it back is another transaction, usually a few ms long, and the
 * bots of the RoboMFA share each read, so a short cap costs little and keeps them close to the commit.
 */
const HELD_BACK_FIRST_MS = 10;
const HELD_BACK_MAX_MS = 50;
/**
 * A read stays shareable this long after it answered: the bots of a RoboMFA ask again from the same
 * cursor right after each text, and until something new is announced the answer cannot change.
 */
const LOOK_KEPT_MS = 1000;

export const invalidApiKey = () => new DomainError('INVALID_API_KEY', 'Invalid API key', 401);
export const subscriptionExpired = () =>
  new DomainError(
    'SUBSCRIPTION_EXPIRED',
    "This RoboMFA's subscription has expired: texts to its number are kept but not given to bots until it is renewed",
    403,
  );
const messageNotFound = () => new NotFoundError('Message not found', 'MESSAGE_NOT_FOUND');

export function toBotMessage(row: FeedMessageRow): BotMessage {
  return {
    messageId: row.messageId,
    code: row.code,
    service: row.codeService,
    sender: row.fromNumber,
    body: row.body,
    receivedAt: row.receivedAt.toISOString(),
    cursor: encodeCursor({ xact: row.xact, position: row.position }),
  };
}

const cursorOf = (row: FeedMessageRow): FeedCursor => ({ xact: row.xact, position: row.position });

interface SharedLook {
  /** `performance.now()` when the read was sent. */
  sentAt: number;
  slice: Promise<FeedSlice>;
}

/**
 * The bot feed: a bot, known by its API key's hash, reads its RoboMFA's texts after a cursor, waits
 * for the next one, and claims one for itself. Waiting subscribes to the MFA's arrivals first and
 * only then looks in the database, so a text committing in between still wakes it.
 */
@Injectable()
export class BotFeedService {
  /** Waits' reads in flight, by MFA, cursor and sender (see `look`). */
  private readonly looks = new Map<string, SharedLook>();

  constructor(
    @Inject(FeedBotsRepository) private readonly bots: FeedBotsRepository,
    @Inject(FeedMessagesRepository) private readonly messages: FeedMessagesRepository,
    @Inject(Arrivals) private readonly arrivals: Arrivals,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(BotKeyCache) private readonly keys: BotKeyCache,
    @Inject(WaitSlots) private readonly slots: WaitSlots,
    @Inject(BotMessageActionsRepository) private readonly actions: BotMessageActionsRepository,
    @Inject(BotActionsRecorder) private readonly recorder: BotActionsRecorder,
  ) {}

  /** The caps on a key's and a RoboMFA's open waits. */
  get waitCaps(): WaitCaps {
    return this.slots.caps;
  }

  async authenticate(keyHash: string): Promise<FeedBot> {
    const bot = await this.keys.get(keyHash, () => this.bots.byKeyHash(keyHash));
    if (!bot) throw invalidApiKey();
    if (bot.subscriptionExpired) throw subscriptionExpired();
    return bot;
  }

  async list(keyHash: string, query: ListBotMessagesQuery): Promise<BotMessagePage> {
    const bot = await this.authenticate(keyHash);
    const since = query.since === undefined ? FEED_START : decodeCursor(query.since);
    const slice = await this.messages.after(bot.mfaId, since, query.limit && query.limit + 1);
    const page = slice.messages.slice(0, query.limit);
    const last = page.at(-1);
    if (!last) {
      // Nothing after the cursor is served (or none was asked for): the cursor moves up to the
      // horizon, below which nothing can appear any more.
      const horizon = cursorAtHorizon(slice.horizon);
      const cursor = compareCursors(horizon, since) > 0 ? horizon : since;
      return { messages: [], cursor: encodeCursor(cursor), hasMore: false };
    }
    await this.recorder.record(
      bot.botId,
      'read',
      page.map((row) => row.messageId),
      this.clock.now(),
    );
    return {
      messages: page.map(toBotMessage),
      cursor: encodeCursor(cursorOf(last)),
      hasMore: slice.messages.length > query.limit,
    };
  }

  /**
   * The first message after the cursor (from the sender, if given), waiting up to the timeout for it.
   * Without a cursor, the wait is for a message not yet served when the call began. Undefined when
   * the time ran out or `signal` aborted (the caller went away). Each wait holds a slot of its key's and
   * its RoboMFA's while it is open (429 TOO_MANY_WAITS at once when either is full).
   */
  async next(
    keyHash: string,
    query: NextBotMessageQuery,
    signal?: AbortSignal,
  ): Promise<BotMessage | undefined> {
    const bot = await this.authenticate(keyHash);
    const slot = await this.slots.take(keyHash, bot.mfaId, query.timeout * 1000);
    try {
      return await this.wait(bot, query, signal);
    } finally {
      await slot.release();
    }
  }

  private async wait(
    bot: FeedBot,
    query: NextBotMessageQuery,
    signal: AbortSignal | undefined,
  ): Promise<BotMessage | undefined> {
    const given = query.since === undefined ? undefined : decodeCursor(query.since);
    const deadline = performance.now() + query.timeout * 1000;
    const watch = await this.arrivals.watch(bot.mfaId);
    try {
      const since = given ?? cursorAtHorizon(await this.messages.horizon());
      let heldBack: MessageArrival[] = [];
      let retryMs = HELD_BACK_FIRST_MS;
      /**
       * When the texts were last found held back: only a read sent after that can show them, and
       * the bots that shared that finding can share that read too.
       */
      let heldBackAt = 0;
      for (;;) {
        const arrived = watch.take();
        const fresh = Math.max(watch.freshAfter, heldBackAt);
        const slice = await this.look(bot.mfaId, since, query.sender, fresh);
        const [found] = slice.messages;
        if (found) {
          await this.recorder.record(bot.botId, 'waited', [found.messageId], this.clock.now());
          return toBotMessage(found);
        }
        // A text at or above the read's horizon was not served yet: it waits for an older transaction
        // to end. Look again shortly, by a read sent after this one answered. The read itself tells of
        // a committed one whose announcement came before this wait listened.
        const horizon = BigInt(slice.horizon);
        heldBack = [...heldBack, ...arrived].filter((arrival) => BigInt(arrival.xact) >= horizon);
        const waiting = heldBack.length > 0 || slice.heldBack;
        if (waiting) heldBackAt = performance.now();
        const left = deadline - performance.now();
        if (left <= 0) return undefined;
        await watch.waitFor(waiting ? Math.min(left, retryMs) : left, signal);
        if (watch.ended || signal?.aborted) return undefined;
        retryMs = waiting ? Math.min(retryMs * 2, HELD_BACK_MAX_MS) : HELD_BACK_FIRST_MS;
      }
    } finally {
      watch.close();
    }
  }

  /**
   * The first message after `since`, read once for all the waits that ask the same (the bots of one
   * RoboMFA, woken by one text, ask for the same message, then all ask again from it): a wait uses a
   * read, in flight or answered up to LOOK_KEPT_MS ago, only if that read was sent after `freshAfter`,
   * so it sees every text the wait could have been told of.
   */
  private look(mfaId: string, since: FeedCursor, sender: string | undefined, freshAfter: number) {
    const key = `${mfaId} ${since.xact} ${since.position} ${sender ?? ''}`;
    const shared = this.looks.get(key);
    if (shared && shared.sentAt > freshAfter) return shared.slice;
    const look: SharedLook = {
      sentAt: performance.now(),
      slice: this.messages.after(mfaId, since, 1, sender),
    };
    this.looks.set(key, look);
    const forget = () => {
      if (this.looks.get(key) === look) this.looks.delete(key);
    };
    look.slice.then(() => setTimeout(forget, LOOK_KEPT_MS).unref(), forget);
    return look.slice;
  }

  /**
   * Exactly one bot gets a message; the same bot claiming again gets its claim back. The claim and its
   * record among the bot's actions commit together.
   */
  async claim(keyHash: string, messageId: string): Promise<BotMessageClaim> {
    const bot = await this.authenticate(keyHash);
    const claim = await this.messages.transaction(async (manager) => {
      const standing = await this.messages.claim(bot.mfaId, messageId, bot.botId, this.clock.now(), manager);
      if (standing?.botId === bot.botId)
        await this.actions.record(bot.botId, 'claimed', [messageId], standing.claimedAt, manager);
      return standing;
    });
    if (!claim) throw messageNotFound();
    if (claim.botId !== bot.botId)
      throw new DomainError('MESSAGE_ALREADY_CLAIMED', 'Another bot has already claimed this message', 409);
    return { messageId, botId: claim.botId, claimedAt: claim.claimedAt.toISOString() };
  }

  /**
   * A bot numbers created (its event, or the gateway right after numbers answered). Idempotent. Within
   * the caller's transaction (`manager`), the caller tells `changed` once it has committed.
   */
  async register(botId: string, bot: FeedBotRegistration, manager?: EntityManager): Promise<FeedBotState> {
    const { revoked } = await this.bots.created(
      { botId, ...bot, createdAt: new Date(bot.createdAt) },
      manager,
    );
    if (!manager) await this.changed({ botId });
    return { botId, revoked };
  }

  /**
   * The bot's key stops working now (its removal event, or the gateway once numbers deleted it), in
   * every replica. Idempotent. Within the caller's transaction (`manager`), the caller tells `changed`
   * once it has committed.
   */
  async revoke(
    botId: string,
    removal: { keyHash?: string; removedAt?: Date } = {},
    manager?: EntityManager,
  ): Promise<FeedBotState> {
    await this.bots.removed(botId, removal.removedAt ?? this.clock.now(), removal.keyHash ?? null, manager);
    if (!manager) await this.changed({ botId });
    return { botId, revoked: true };
  }

  /** A committed change to a bot or its MFA: every replica looks its keys up again. */
  changed(change: BotKeyChange): Promise<void> {
    return this.keys.forget(change);
  }
}
