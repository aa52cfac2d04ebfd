import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { FixedClock } from '@multimfa/service-runtime';
import { TcpProxy, testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import { Redis } from 'ioredis';
import { BOT_KEY_KEPT_MS, RedisBotKeyCache } from './bot-key.cache.js';
import type { FeedBot } from './feed-bot.record.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; !(await condition()); i += 1) {
    if (i > 200) assert.fail(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

/**
 * The table a key is looked up in, as the cache sees it (its `load`): a bot that can be removed, and
 * how many lookups reached it.
 */
function keyTable(bot: FeedBot) {
  const table = { bot: bot as FeedBot | undefined, lookups: 0 };
  const load = async () => {
    table.lookups += 1;
    return table.bot;
  };
  return { table, load };
}

describe('the bot key cache of messaging replicas (real Redis pub/sub)', () => {
  const publisher = new Redis(testInfrastructure.redisUrl);
  const started: RedisBotKeyCache[] = [];
  const proxies: TcpProxy[] = [];

  async function replica(url = testInfrastructure.redisUrl, clock = new FixedClock()) {
    const cache = new RedisBotKeyCache(url, publisher, clock, testLogger('messaging'));
    started.push(cache);
    await until(() => cache.keeping, 'the replica listens for changes');
    return cache;
  }

  afterEach(async () => {
    await Promise.all(started.splice(0).map((cache) => cache.onApplicationShutdown()));
    await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
  });

  afterAll(() => publisher.disconnect());

  const newBot = (): FeedBot => ({ botId: randomUUID(), mfaId: randomUUID() });

  it('looks a key up once while it opens its feed, not on every call', async () => {
    const cache = await replica();
    const { table, load } = keyTable(newBot());
    for (let i = 0; i < 5; i += 1) expect(await cache.get('key', load)).toEqual(table.bot);
    expect(table.lookups).toBe(1);
  });

  it('refuses, right after another replica revoked the bot, a key this replica had kept', async () => {
    const [a, b] = [await replica(), await replica()];
    const bot = newBot();
    const { table, load } = keyTable(bot);
    expect(await a.get('key', load)).toEqual(bot);
    expect(await a.get('key', load)).toEqual(bot);

    table.bot = undefined;
    await b.forget({ botId: bot.botId });
    // The announcement reaches A over its own connection: within a few ms, with A's clock standing still.
    await until(
      async () => (await a.get('key', load)) === undefined,
      "replica A refuses the revoked bot's key",
    );
    expect(table.lookups).toBeGreaterThanOrEqual(2);
  });

  it('looks again at every key of an MFA another replica changed, and keeps the keys of other MFAs', async () => {
    const [a, b] = [await replica(), await replica()];
    const changedMfa = newBot();
    const sameMfa = { botId: randomUUID(), mfaId: changedMfa.mfaId };
    const other = newBot();
    const tables = [keyTable(changedMfa), keyTable(sameMfa), keyTable(other)];
    for (const [i, { load }] of tables.entries()) await a.get(`key-${i}`, load);

    await b.forget({ mfaId: changedMfa.mfaId });
    await until(async () => {
      await a.get('key-0', tables[0]?.load ?? assert.fail());
      return (tables[0]?.table.lookups ?? 0) > 1;
    }, 'replica A looks the changed MFA up again');
    await a.get('key-1', tables[1]?.load ?? assert.fail());
    await a.get('key-2', tables[2]?.load ?? assert.fail());
    expect(tables.map(({ table }) => table.lookups)).toEqual([2, 2, 1]);
  });

  it('does not keep a lookup that was in flight when a change was heard (it may have read the old row)', async () => {
    const [a, b] = [await replica(), await replica()];
    const bot = newBot();
    let release: () => void = () => undefined;
    let lookups = 0;
    const stale = async () => {
      lookups += 1;
      if (lookups === 1) await new Promise<void>((resolve) => (release = resolve));
      return bot;
    };
    const inFlight = a.get('key', stale);
    await b.forget({ botId: bot.botId });
    // A hears it (its own forget is local at once; B's comes over Redis): wait until it did.
    await sleep(50);
    release();
    expect(await inFlight).toEqual(bot);
    await a.get('key', stale);
    expect(lookups).toBe(2);
  });

  it('keeps nothing while its connection to Redis is cut, so a change announced meanwhile is not missed', async () => {
    const redisUrl = new URL(testInfrastructure.redisUrl);
    const proxy = new TcpProxy({ host: redisUrl.hostname, port: Number(redisUrl.port) });
    proxies.push(proxy);
    await proxy.start();
    redisUrl.port = String(proxy.port);
    const [a, b] = [await replica(redisUrl.toString()), await replica()];
    const bot = newBot();
    const { table, load } = keyTable(bot);
    await a.get('key', load);

    proxy.cut();
    await until(() => !a.keeping, 'replica A notices its connection is gone');
    table.bot = undefined;
    await b.forget({ botId: bot.botId });
    expect(await a.get('key', load)).toBeUndefined();
    proxy.restore();
    await until(() => a.keeping, 'replica A listens again');
    expect(await a.get('key', load)).toBeUndefined();
  });

  it(`looks a kept key up again after ${BOT_KEY_KEPT_MS} ms`, async () => {
    const clock = new FixedClock();
    const cache = await replica(testInfrastructure.redisUrl, clock);
    const { table, load } = keyTable(newBot());
    await cache.get('key', load);
    clock.advance(BOT_KEY_KEPT_MS - 1);
    await cache.get('key', load);
    expect(table.lookups).toBe(1);
    clock.advance(1);
    await cache.get('key', load);
    expect(table.lookups).toBe(2);
  });
});
