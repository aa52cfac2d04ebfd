import {
  type MessageArrival,
  messageArrivalChannel,
  messageArrivalSchema,
} from '@multimfa/service-contracts/messaging';
import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

/** One waiting request's view of an MFA's arrivals; announcements are buffered until taken. */
export interface ArrivalWatch {
  /**
   * The arrivals announced since the last take (empty after a reconnect wake-up: look again). The
   * first take also gives those the channel heard in the RECENT_MS before the watch began: a text
   * announced just before may still be held back, and the wait must know to look for it again.
   */
  take(): MessageArrival[];
  /** Resolves once something is buffered (at once if it already is), after `ms`, or on abort. */
  waitFor(ms: number, signal?: AbortSignal): Promise<void>;
  /** The process is stopping: end the wait now (the client asks again, of another replica). */
  readonly ended: boolean;
  /**
   * A database read sent after this instant (`performance.now()`) sees every text this watch could
   * be told of so far: the latest of when the MFA's channel was last subscribed, when its last
   * announcement came (to this watch or, before the watch began, to the channel) and when the
   * connection was last re-established. A watch on a channel that stays subscribed and quiet can so
   * use a read sent before the watch began (another bot of the RoboMFA looking at the same cursor).
   */
  readonly freshAfter: number;
  close(): void;
}

/** Wakes waiting requests when a text commits. */
export abstract class Arrivals {
  /** Resolves once the subscription is in place: an arrival after that is never missed. */
  abstract watch(mfaId: string): Promise<ArrivalWatch>;
}

class Watch implements ArrivalWatch {
  private signalled = false;
  ended = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly release: (watch: Watch) => void,
    public freshAfter: number,
    private buffered: MessageArrival[],
  ) {}

  push(arrival: MessageArrival | undefined): void {
    this.freshAfter = performance.now();
    if (arrival) this.buffered.push(arrival);
    this.signalled = true;
    this.wake?.();
  }

  take(): MessageArrival[] {
    const taken = this.buffered;
    this.buffered = [];
    this.signalled = false;
    return taken;
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  waitFor(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.signalled || this.ended || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }

  close(): void {
    this.wake?.();
    this.release(this);
  }
}

/** How long a channel remembers its announcements for the watches that begin after them. */
const RECENT_MS = 2000;
const RECENT_MAX = 50;

interface Channel {
  watches: Set<Watch>;
  /** Its announcements of the last RECENT_MS (at most RECENT_MAX), oldest first. */
  recent: Array<{ arrival: MessageArrival; at: number }>;
  subscribed: Promise<unknown>;
  /** When SUBSCRIBE was answered, then when the last announcement came (`performance.now()`). */
  quietSince: number;
  /** Set while no one watches: the channel is unsubscribed when it fires, unless a watch came back. */
  linger?: NodeJS.Timeout;
}

/**
 * A channel nobody watches stays subscribed this long: a bot asks again right after each answer, and
 * an UNSUBSCRIBE followed by a SUBSCRIBE for every answer would put two Redis round trips on its way.
 */
const LINGER_MS = 10_000;

/**
 * Redis pub/sub, one subscriber connection per process: a channel per MFA is subscribed while at
 * least one request waits on it (reference counted) and announcements fan out in the process. A
 * waiting request holds no database connection. After a reconnect every waiter is woken to look
 * again, since announcements made while the connection was down are gone. When the process stops,
 * the waits end at once; their clients ask again with the same cursor.
 */
export class RedisArrivals extends Arrivals implements OnModuleDestroy, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly channels = new Map<string, Channel>();
  private connectedBefore = false;
  /** When the connection was last (re-)established: announcements before it may have been lost. */
  private readySince = performance.now();
  private stopping = false;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    super();
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      retryStrategy: (retries) => Math.min(retries * 100, 2000),
    });
    this.redis.on('error', (error) => this.logger.warn({ err: error }, 'arrival subscriber: Redis error'));
    this.redis.on('ready', () => {
      this.readySince = performance.now();
      if (this.connectedBefore)
        for (const channel of this.channels.values())
          for (const watch of channel.watches) watch.push(undefined);
      this.connectedBefore = true;
    });
    this.redis.on('message', (channelName: string, text: string) => {
      const channel = this.channels.get(channelName);
      if (!channel) return;
      const at = performance.now();
      channel.quietSince = at;
      let arrival: MessageArrival;
      try {
        arrival = messageArrivalSchema.parse(JSON.parse(text));
      } catch (error) {
        this.logger.warn({ err: error, channel: channelName }, 'arrival announcement off schema');
        return;
      }
      channel.recent.push({ arrival, at });
      if (channel.recent.length > RECENT_MAX) channel.recent.shift();
      for (const watch of channel.watches) watch.push(arrival);
    });
  }

  async watch(mfaId: string): Promise<ArrivalWatch> {
    const name = messageArrivalChannel(mfaId);
    let channel = this.channels.get(name);
    if (channel?.linger) {
      clearTimeout(channel.linger);
      channel.linger = undefined;
    }
    if (!channel) {
      const created: Channel = {
        watches: new Set(),
        recent: [],
        subscribed: this.redis.subscribe(name),
        quietSince: Number.POSITIVE_INFINITY,
      };
      created.subscribed.then(
        () => {
          created.quietSince = performance.now();
        },
        () => {
          if (this.channels.get(name) === created) this.channels.delete(name);
        },
      );
      this.channels.set(name, created);
      channel = created;
    }
    const now = performance.now();
    while (channel.recent.length && (channel.recent[0]?.at ?? now) < now - RECENT_MS) channel.recent.shift();
    const recent = channel.recent.map((heard) => heard.arrival);
    const watch = new Watch((closing) => this.release(name, closing), now, recent);
    channel.watches.add(watch);
    try {
      await channel.subscribed;
    } catch (error) {
      watch.close();
      throw error;
    }
    // Announcements to the channel from here on reach this watch. Before it, nothing was announced
    // since `quietSince` (while the connection was up), so a read sent after that misses nothing.
    const quiet = this.redis.status === 'ready' ? Math.max(channel.quietSince, this.readySince) : Infinity;
    watch.freshAfter = Math.min(performance.now(), quiet);
    return watch;
  }

  /** Channels someone waits on now (lingering ones left out; for tests and metrics). */
  subscribedChannels(): number {
    let watched = 0;
    for (const channel of this.channels.values()) if (channel.watches.size) watched += 1;
    return watched;
  }

  private release(name: string, watch: Watch): void {
    const channel = this.channels.get(name);
    if (!channel?.watches.delete(watch) || channel.watches.size) return;
    if (this.stopping) {
      this.unsubscribe(name, channel);
      return;
    }
    channel.linger = setTimeout(() => this.unsubscribe(name, channel), LINGER_MS);
    channel.linger.unref();
  }

  private unsubscribe(name: string, channel: Channel): void {
    if (this.channels.get(name) !== channel || channel.watches.size) return;
    clearTimeout(channel.linger);
    this.channels.delete(name);
    // Commands keep their order on the connection: a SUBSCRIBE sent after this one wins.
    this.redis.unsubscribe(name).catch((error: unknown) => {
      this.logger.warn({ err: error, channel: name }, 'arrival subscriber: unsubscribe failed');
    });
  }

  /** Before the HTTP server closes: waits end now (204) rather than hold the shutdown for 25 s. */
  onModuleDestroy(): void {
    for (const channel of this.channels.values()) for (const watch of channel.watches) watch.end();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const channel of this.channels.values()) clearTimeout(channel.linger);
    for (const channel of this.channels.values()) for (const watch of [...channel.watches]) watch.close();
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
