import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { OUTBOX_SHARDS, shardOf } from './shard.rules.js';

describe('shardOf', () => {
  it('puts one key always in the same shard', () => {
    assert.equal(shardOf('mfa-123'), shardOf('mfa-123'));
    assert.equal(
      shardOf('6f1c1b0e-4a52-4c1e-9f0b-0d7f7a1a2b3c'),
      shardOf('6f1c1b0e-4a52-4c1e-9f0b-0d7f7a1a2b3c'),
    );
  });

  it('spreads keys over every shard', () => {
    const counts = new Array(OUTBOX_SHARDS).fill(0);
    for (let i = 0; i < 1600; i += 1) counts[shardOf(`user-${i}`)] += 1;
    assert.ok(
      counts.every((count) => count > 50 && count < 150),
      `uneven spread: ${counts.join(', ')}`,
    );
  });
});
