import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { FixedClock, type Logger } from '@multimfa/service-runtime';
import type { GatewayRedis } from '../redis/gateway-redis.client.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { BotKeyUses } from './bot-key-use.recorder.js';

/** Redis's SET EX NX and PTTL over the test's clock, counting the commands each replica sends. */
function sharedRedis(clock: FixedClock) {
  const keys = new Map<string, number>();
  const live = (key: string) => (keys.get(key) ?? 0) > clock.now().getTime();
  return {
    commands: 0,
    replica() {
      const shared = this;
      const client = {
        async set(key: string, _value: string, _ex: 'EX', seconds: number, _nx: 'NX') {
          shared.commands += 1;
          if (live(key)) return null;
          keys.set(key, clock.now().getTime() + seconds * 1000);
          return 'OK';
        },
        async pttl(key: string) {
          shared.commands += 1;
          return live(key) ? (keys.get(key) as number) - clock.now().getTime() : -2;
        },
      };
      return { client } as unknown as GatewayRedis;
    },
  };
}

const logger = { warn: () => undefined } as unknown as Logger;
const settle = () => new Promise((resolve) => setImmediate(resolve));

function numbersCounting(told: string[]): ServiceClient {
  return { post: async (path: string) => told.push(path) } as unknown as ServiceClient;
}

describe('BotKeyUses: a key use told to numbers at most once a minute across replicas', () => {
  it('tells numbers once for a minute of calls, and asks Redis once in that minute, not on every call', async () => {
    const clock = new FixedClock();
    const redis = sharedRedis(clock);
    const told: string[] = [];
    const uses = new BotKeyUses(redis.replica(), numbersCounting(told), logger, clock);
    for (let call = 0; call < 50; call += 1) {
      uses.note('k1');
      await settle();
      clock.advance(1000);
    }
    // 50 calls over 50 s: one note, one Redis command.
    assert.deepEqual(told, ['/bot-keys/k1/used']);
    assert.equal(redis.commands, 1);
    clock.advance(10_000);
    uses.note('k1');
    await settle();
    assert.deepEqual(told, ['/bot-keys/k1/used', '/bot-keys/k1/used']);
  });

  it("a replica that finds another's note asks again only once that note's minute is over", async () => {
    const clock = new FixedClock();
    const redis = sharedRedis(clock);
    const told: string[] = [];
    const first = new BotKeyUses(redis.replica(), numbersCounting(told), logger, clock);
    const second = new BotKeyUses(redis.replica(), numbersCounting(told), logger, clock);
    first.note('k1');
    await settle();
    clock.advance(20_000);
    second.note('k1');
    await settle();
    assert.equal(told.length, 1);
    assert.equal(redis.commands, 3); // first: SET; second: SET (refused), PTTL
    clock.advance(39_000);
    second.note('k1');
    await settle();
    assert.equal(redis.commands, 3);
    clock.advance(1_000);
    second.note('k1');
    await settle();
    assert.equal(told.length, 2);
  });
});
