import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import type { MessageArrival } from '@multimfa/service-contracts/messaging';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { BotActionsRecorder } from '../bot-activity/bot-actions.recorder.js';
import type {
  BotAction,
  BotMessageActionsRepository,
} from '../bot-activity/bot-message-actions.repository.js';
import { Arrivals, type ArrivalWatch } from './arrivals.channel.js';
import { BotFeedService } from './bot-feed.service.js';
import type { BotKeyCache } from './bot-key.cache.js';
import type { FeedBot, FeedMessageRow, MessageClaim } from './feed-bot.record.js';
import type { FeedBotsRepository } from './feed-bots.repository.js';
import { compareCursors, type FeedCursor } from './feed-cursor.codec.js';
import type { FeedMessagesRepository, FeedSlice } from './feed-messages.repository.js';
import type { WaitSlots } from './wait-slots.limiter.js';

/** No key kept: every call looks its key up (the cache has its own test against Redis). */
const lookedUpEveryTime: BotKeyCache = { get: (_keyHash, load) => load(), forget: async () => undefined };
const uncapped: WaitSlots = {
  caps: { perKey: 10, perRoboMfa: 100 },
  take: async () => ({ release: async () => undefined }),
};

const mfaId = randomUUID();
const bot: FeedBot = { botId: randomUUID(), mfaId };
const KEY = 'a'.repeat(64);

/** Rows of one MFA; `horizon` decides what is served, as the snapshot's xmin does. */
class FakeMessages {
  rows: FeedMessageRow[] = [];
  horizonXact = 100n;
  looks = 0;
  claims = new Map<string, MessageClaim>();
  onLook: (() => void) | undefined;
  /** Holds the next read's answer (taken as it was sent) until it resolves. */
  gate: Promise<void> | undefined;
  readonly log: string[];

  constructor(log: string[]) {
    this.log = log;
  }

  add(xact: number, position: number, fromNumber = '+15550001111'): FeedMessageRow {
    const row = {
      messageId: randomUUID(),
      code: '123456',
      codeService: null,
      fromNumber,
      body: 'Your code is 123456',
      receivedAt: new Date('2026-01-01T00:00:00Z'),
      xact: String(xact),
      position: String(position),
    };
    this.rows.push(row);
    return row;
  }

  async horizon(): Promise<string> {
    this.log.push('horizon');
    return this.horizonXact.toString();
  }

  async after(_mfa: string, after: FeedCursor, limit: number, sender?: string): Promise<FeedSlice> {
    this.log.push('look');
    this.looks += 1;
    const afterCursor = this.rows
      .filter((row) => compareCursors({ xact: row.xact, position: row.position }, after) > 0)
      .filter((row) => sender === undefined || row.fromNumber === sender);
    const served = afterCursor
      .filter((row) => BigInt(row.xact) < this.horizonXact)
      .sort((a, b) => compareCursors(a, b))
      .slice(0, limit);
    const heldBack = afterCursor.some((row) => BigInt(row.xact) >= this.horizonXact);
    const hook = this.onLook;
    this.onLook = undefined;
    hook?.();
    const gate = this.gate;
    this.gate = undefined;
    await gate;
    return { messages: served, horizon: this.horizonXact.toString(), heldBack };
  }

  async claim(_mfa: string, messageId: string, botId: string, at: Date): Promise<MessageClaim | undefined> {
    if (!this.rows.some((row) => row.messageId === messageId)) return undefined;
    const standing = this.claims.get(messageId) ?? { messageId, botId, claimedAt: at };
    this.claims.set(messageId, standing);
    return standing;
  }

  transaction<T>(work: (manager: undefined) => Promise<T>): Promise<T> {
    return work(undefined);
  }
}

/** The bots' actions as the repository is asked to record them, one entry per call. */
class FakeActions {
  readonly recorded: Array<{ botId: string; action: BotAction; messageIds: readonly string[] }> = [];

  async record(botId: string, action: BotAction, messageIds: readonly string[]): Promise<void> {
    this.recorded.push({ botId, action, messageIds });
  }
}

/**
 * Arrivals in memory: what a Redis announcement does, delivered to open watches only. A new watch is
 * fresh after the moment it began; once `quietSince` is set, as on a channel that stays subscribed,
 * it is fresh after the channel's last announcement and first takes the announcements made before it.
 */
class FakeArrivals extends Arrivals {
  readonly open = new Set<{ push(arrival: MessageArrival): void; end(): void }>();
  quietSince: number | undefined;
  private readonly heard: MessageArrival[] = [];
  constructor(private readonly log: string[]) {
    super();
  }

  async watch(): Promise<ArrivalWatch> {
    this.log.push('watch');
    let buffered: MessageArrival[] = this.quietSince === undefined ? [] : [...this.heard];
    let wake: (() => void) | undefined;
    let ended = false;
    let freshAfter = this.quietSince ?? performance.now();
    const watch: ArrivalWatch = {
      get ended() {
        return ended;
      },
      get freshAfter() {
        return freshAfter;
      },
      take: () => {
        const taken = buffered;
        buffered = [];
        return taken;
      },
      waitFor: (ms, signal) =>
        buffered.length || ended || signal?.aborted
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, ms);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
              signal?.addEventListener('abort', wake, { once: true });
            }),
      close: () => {
        this.open.delete(entry);
      },
    };
    const entry = {
      push: (arrival: MessageArrival) => {
        freshAfter = performance.now();
        buffered.push(arrival);
        wake?.();
      },
      end: () => {
        ended = true;
        wake?.();
      },
    };
    this.open.add(entry);
    return watch;
  }

  /** The process stops. */
  endAll(): void {
    for (const watch of this.open) watch.end();
  }

  announce(row: FeedMessageRow): void {
    const arrival = { mfaId, messageId: row.messageId, feedPosition: row.position, xact: row.xact };
    if (this.quietSince !== undefined) this.quietSince = performance.now();
    this.heard.push(arrival);
    for (const watch of this.open) watch.push(arrival);
  }
}

function setUp() {
  const log: string[] = [];
  const messages = new FakeMessages(log);
  const arrivals = new FakeArrivals(log);
  const bots = {
    byKeyHash: async (hash: string) => (hash === KEY ? bot : undefined),
  } as unknown as FeedBotsRepository;
  const actions = new FakeActions();
  const service = new BotFeedService(
    bots,
    messages as unknown as FeedMessagesRepository,
    arrivals,
    new FixedClock(new Date('2026-01-01T00:00:00Z')),
    lookedUpEveryTime,
    uncapped,
    actions as unknown as BotMessageActionsRepository,
    actions as unknown as BotActionsRecorder,
  );
  return { log, messages, arrivals, actions, service };
}

const status = async (work: Promise<unknown>) =>
  work.then(
    () => 200,
    (error: unknown) => (error instanceof DomainError ? error.status : 500),
  );

describe('BotFeedService', () => {
  it('subscribes to the arrivals before it looks in the database', async () => {
    const { log, messages, service } = setUp();
    messages.add(10, 1);
    await service.next(KEY, { since: undefined, timeout: 0 });
    assert.deepEqual(log.slice(0, 2), ['watch', 'horizon']);
  });

  it('answers at once with a message already after the cursor, and closes its watch', async () => {
    const { messages, arrivals, service } = setUp();
    const first = messages.add(10, 1);
    const second = messages.add(11, 2);
    const page = await service.list(KEY, { since: undefined, limit: 1 });
    assert.deepEqual(
      page.messages.map((m) => m.messageId),
      [first.messageId],
    );
    const next = await service.next(KEY, { since: page.cursor, timeout: 25 });
    assert.equal(next?.messageId, second.messageId);
    assert.equal(messages.looks, 2);
    assert.equal(arrivals.open.size, 0);
  });

  it('is woken by an arrival announced while it was looking (no lost wake-up)', async () => {
    const { messages, arrivals, service } = setUp();
    let row: FeedMessageRow | undefined;
    messages.onLook = () => {
      row = messages.add(100, 7);
      messages.horizonXact = 101n;
      arrivals.announce(row);
    };
    const next = await service.next(KEY, { since: undefined, timeout: 5 });
    assert.equal(next?.messageId, row?.messageId);
    assert.equal(messages.looks, 2);
  });

  it('looks again, without a new announcement, at an announced text an older transaction holds back', async () => {
    const { messages, arrivals, service } = setUp();
    const waiting = service.next(KEY, { since: undefined, timeout: 25 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = messages.add(150, 9);
    arrivals.announce(late);
    await new Promise((resolve) => setTimeout(resolve, 30));
    messages.horizonXact = 151n;
    const next = await waiting;
    assert.equal(next?.messageId, late.messageId);
    assert.ok(messages.looks >= 3, 'looked again after the announced text was held back');
  });

  it('reads a text once for ten waits woken by it, and gives it to each of them', async () => {
    const { messages, arrivals, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    const waits = Array.from({ length: 10 }, () => service.next(KEY, { since: start, timeout: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const looksBefore = messages.looks;
    const row = messages.add(100, 7);
    messages.horizonXact = 101n;
    arrivals.announce(row);
    const answers = await Promise.all(waits);
    assert.deepEqual(
      answers.map((answer) => answer?.messageId),
      Array(10).fill(row.messageId),
    );
    assert.equal(messages.looks - looksBefore, 1);
  });

  it('answers ten bots asking again from the same cursor, over 200 ms with nothing announced meanwhile, with one read', async () => {
    const { messages, arrivals, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    arrivals.quietSince = performance.now();
    const looksBefore = messages.looks;
    for (let bot = 0; bot < 10; bot += 1) {
      assert.equal(await service.next(KEY, { since: start, timeout: 0 }), undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(messages.looks - looksBefore, 1);
  });

  it('reads again for a bot asking from a cursor another bot read from, once a text was announced since', async () => {
    const { messages, arrivals, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    arrivals.quietSince = performance.now();
    assert.equal(await service.next(KEY, { since: start, timeout: 0 }), undefined);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const row = messages.add(100, 7);
    messages.horizonXact = 101n;
    arrivals.announce(row);
    const looksBefore = messages.looks;
    const next = await service.next(KEY, { since: start, timeout: 0 });
    assert.equal(next?.messageId, row.messageId);
    assert.equal(messages.looks - looksBefore, 1);
  });

  it('gives a bot that begins waiting just after a text was announced, still held back, that text once it is served', async () => {
    const { messages, arrivals, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    arrivals.quietSince = performance.now();
    const late = messages.add(150, 9);
    arrivals.announce(late);
    // Another bot's read, sent after the announcement, found it held back (an older transaction runs).
    assert.equal(await service.next(KEY, { since: start, timeout: 0 }), undefined);
    const waiting = service.next(KEY, { since: start, timeout: 5 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    messages.horizonXact = 151n;
    const started = performance.now();
    const next = await waiting;
    assert.equal(next?.messageId, late.messageId);
    assert.ok(performance.now() - started < 1000, 'given within the held-back retries, not at the timeout');
  });

  it('gives a bot a text announced before its wait began and forgotten by the channel, held back at its first read, once it is served (not at the timeout)', async () => {
    const { messages, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    // Committed while nobody listened (the bot was between two waits): no announcement will come.
    const late = messages.add(150, 9);
    const waiting = service.next(KEY, { since: start, timeout: 5 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    messages.horizonXact = 151n;
    const started = performance.now();
    const next = await waiting;
    assert.equal(next?.messageId, late.messageId);
    assert.ok(performance.now() - started < 1000, 'given within the held-back retries, not at the timeout');
  });

  it('does not take the answer of a read sent before the text it was told of', async () => {
    const { messages, arrivals, service } = setUp();
    const start = (await service.list(KEY, { since: undefined, limit: 1 })).cursor;
    const woken = service.next(KEY, { since: start, timeout: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Another wait's read is in flight (its snapshot holds nothing) when the text commits and is
    // announced: the woken wait must read again rather than share that answer.
    let release: () => void = () => {};
    messages.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const other = service.next(KEY, { since: start, timeout: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const row = messages.add(100, 7);
    messages.horizonXact = 101n;
    const looksBefore = messages.looks;
    arrivals.announce(row);
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(messages.looks - looksBefore, 1, 'the woken wait sent a read of its own');
    release();
    const answers = await Promise.all([woken, other]);
    assert.deepEqual(
      answers.map((answer) => answer?.messageId),
      [row.messageId, row.messageId],
    );
  });

  it('ignores texts from other senders and gives the one from the sender asked for', async () => {
    const { messages, service } = setUp();
    messages.add(10, 1, 'Bank');
    const wanted = messages.add(10, 2, 'Google');
    const next = await service.next(KEY, {
      since: (await service.list(KEY, { since: undefined, limit: 100 })).messages[0]?.cursor,
      sender: 'Google',
      timeout: 0,
    });
    assert.equal(next?.messageId, wanted.messageId);
  });

  it('answers nothing after the timeout when nothing comes, and closes its watch', async () => {
    const { arrivals, service } = setUp();
    assert.equal(await service.next(KEY, { since: undefined, timeout: 0 }), undefined);
    assert.equal(arrivals.open.size, 0);
  });

  it('stops waiting when the caller goes away', async () => {
    const { arrivals, service } = setUp();
    const gone = new AbortController();
    const waiting = service.next(KEY, { since: undefined, timeout: 25 }, gone.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    gone.abort();
    assert.equal(await waiting, undefined);
    assert.equal(arrivals.open.size, 0);
  });

  it('ends a wait with nothing when the process stops, so its client asks again elsewhere', async () => {
    const { arrivals, messages, service } = setUp();
    const waiting = service.next(KEY, { since: undefined, timeout: 25 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    arrivals.endAll();
    assert.equal(await waiting, undefined);
    assert.equal(messages.looks, 1, 'it did not look again after the stop');
  });

  it('moves an empty page cursor up to the horizon and keeps it when nothing is served', async () => {
    const { messages, service } = setUp();
    const page = await service.list(KEY, { since: undefined, limit: 10 });
    assert.deepEqual(page.messages, []);
    const late = messages.add(100, 3);
    messages.horizonXact = 101n;
    const after = await service.list(KEY, { since: page.cursor, limit: 10 });
    assert.deepEqual(
      after.messages.map((m) => m.messageId),
      [late.messageId],
    );
  });

  it('answers limit 0 with no messages and the cursor where the feed stands now', async () => {
    const { messages, service } = setUp();
    messages.add(10, 1);
    const now = await service.list(KEY, { since: undefined, limit: 0 });
    assert.deepEqual({ messages: now.messages, hasMore: now.hasMore }, { messages: [], hasMore: false });
    const next = messages.add(100, 2);
    messages.horizonXact = 101n;
    const after = await service.list(KEY, { since: now.cursor, limit: 10 });
    assert.deepEqual(
      after.messages.map((m) => m.messageId),
      [next.messageId],
    );
  });

  it('refuses an unknown key with 401, whatever it asks', async () => {
    const { service } = setUp();
    const other = 'b'.repeat(64);
    assert.equal(await status(service.list(other, { since: undefined, limit: 1 })), 401);
    assert.equal(await status(service.next(other, { since: undefined, timeout: 0 })), 401);
    assert.equal(await status(service.claim(other, randomUUID())), 401);
  });

  it('gives a claimed message to its first claimer, 409 to another bot, and 404 for an unknown id', async () => {
    const { messages, service } = setUp();
    const row = messages.add(10, 1);
    const claim = await service.claim(KEY, row.messageId);
    assert.equal(claim.botId, bot.botId);
    assert.deepEqual(await service.claim(KEY, row.messageId), claim, 'the same bot gets its claim again');
    messages.claims.set(row.messageId, {
      messageId: row.messageId,
      botId: randomUUID(),
      claimedAt: new Date(),
    });
    assert.equal(await status(service.claim(KEY, row.messageId)), 409);
    assert.equal(await status(service.claim(KEY, randomUUID())), 404);
  });

  it("records what the bot did: one 'read' call for every text of a page, 'waited' for the text a wait answers, 'claimed' for the claim it holds only, nothing for an empty page", async () => {
    const { messages, actions, service } = setUp();
    const first = messages.add(10, 1);
    const second = messages.add(11, 2);
    await service.list(KEY, { since: undefined, limit: 0 });
    const page = await service.list(KEY, { since: undefined, limit: 10 });
    const waited = await service.next(KEY, { since: page.messages[0]?.cursor, timeout: 0 });
    await service.claim(KEY, first.messageId);
    messages.claims.set(second.messageId, {
      messageId: second.messageId,
      botId: randomUUID(),
      claimedAt: new Date(),
    });
    assert.equal(await status(service.claim(KEY, second.messageId)), 409);
    assert.equal(waited?.messageId, second.messageId);
    assert.deepEqual(actions.recorded, [
      { botId: bot.botId, action: 'read', messageIds: [first.messageId, second.messageId] },
      { botId: bot.botId, action: 'waited', messageIds: [second.messageId] },
      { botId: bot.botId, action: 'claimed', messageIds: [first.messageId] },
    ]);
  });
});
