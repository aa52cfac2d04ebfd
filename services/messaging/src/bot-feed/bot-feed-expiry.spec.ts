import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { DomainError, FixedClock } from '@multimfa/service-runtime';
import type { BotActionsRecorder } from '../bot-activity/bot-actions.recorder.js';
import type { BotMessageActionsRepository } from '../bot-activity/bot-message-actions.repository.js';
import type { Arrivals } from './arrivals.channel.js';
import { BotFeedService } from './bot-feed.service.js';
import type { BotKeyCache } from './bot-key.cache.js';
import type { FeedBot } from './feed-bot.record.js';
import type { FeedBotsRepository } from './feed-bots.repository.js';
import type { FeedMessagesRepository } from './feed-messages.repository.js';
import type { WaitSlots } from './wait-slots.limiter.js';

/** No key kept: every call looks its key up (the cache has its own test against Redis). */
const lookedUpEveryTime: BotKeyCache = { get: (_keyHash, load) => load(), forget: async () => undefined };
const uncapped: WaitSlots = {
  caps: { perKey: 10, perRoboMfa: 100 },
  take: async () => ({ release: async () => undefined }),
};

const KEY = 'c'.repeat(64);

function feedOf(bot: FeedBot) {
  const looked: string[] = [];
  const bots = { byKeyHash: async (hash: string) => (hash === KEY ? bot : undefined) };
  const messages = {
    after: async () => {
      looked.push('after');
      return { messages: [], horizon: '1' };
    },
    horizon: async () => '1',
    claim: async () => {
      looked.push('claim');
      return undefined;
    },
    transaction: (work: (manager: undefined) => Promise<unknown>) => work(undefined),
  };
  const actions = {
    record: async () => {
      looked.push('record');
    },
  };
  const arrivals = {
    watch: async () => {
      looked.push('watch');
      throw new Error('not expected');
    },
  };
  const service = new BotFeedService(
    bots as unknown as FeedBotsRepository,
    messages as unknown as FeedMessagesRepository,
    arrivals as unknown as Arrivals,
    new FixedClock(new Date('2026-05-01T00:00:00Z')),
    lookedUpEveryTime,
    uncapped,
    actions as unknown as BotMessageActionsRepository,
    actions as unknown as BotActionsRecorder,
  );
  return { service, looked };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => assert.fail('expected a refusal'),
    (error: unknown) => {
      assert.ok(error instanceof DomainError);
      return { status: error.status, code: error.code, message: error.message };
    },
  );

describe('the bot feed of a RoboMFA whose subscription expired', () => {
  it('answers list, wait and claim with 403 SUBSCRIPTION_EXPIRED and a message saying so, without reading the feed', async () => {
    const { service, looked } = feedOf({
      botId: randomUUID(),
      mfaId: randomUUID(),
      subscriptionExpired: true,
    });
    for (const work of [
      service.list(KEY, { since: undefined, limit: 10 }),
      service.next(KEY, { since: undefined, timeout: 5 }),
      service.claim(KEY, randomUUID()),
    ]) {
      const answer = await refusal(work);
      assert.equal(answer.status, 403);
      assert.equal(answer.code, 'SUBSCRIPTION_EXPIRED');
      assert.match(answer.message, /subscription has expired/);
    }
    assert.deepEqual(looked, []);
  });

  it('serves the feed again once the subscription is active', async () => {
    const { service, looked } = feedOf({
      botId: randomUUID(),
      mfaId: randomUUID(),
      subscriptionExpired: false,
    });
    const page = await service.list(KEY, { since: undefined, limit: 10 });
    assert.deepEqual(page.messages, []);
    assert.deepEqual(looked, ['after']);
  });
});
