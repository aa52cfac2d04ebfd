import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import { bearerKeyHash } from './bot-key.rules.js';

const key = `mmfa_bot_${'A'.repeat(40)}b-_`;

describe('bearerKeyHash', () => {
  it('answers the SHA-256 hex of the bearer key, never the key', () => {
    const hash = bearerKeyHash(`Bearer ${key}`);
    assert.equal(hash, createHash('sha256').update(key).digest('hex'));
    assert.equal(hash.includes(key), false);
  });

  it('accepts the scheme in any case', () => {
    assert.equal(bearerKeyHash(`bearer ${key}`), bearerKeyHash(`Bearer ${key}`));
  });

  it.each([
    ['no header', undefined],
    ['another scheme', `Basic ${key}`],
    ['no key', 'Bearer '],
    ['a key of another format', 'Bearer sk_live_abc'],
    ['a key one character short', `Bearer ${key.slice(0, -1)}`],
    ['two keys', `Bearer ${key} ${key}`],
  ])('refuses %s with 401 INVALID_API_KEY', (_label, header) => {
    assert.throws(
      () => bearerKeyHash(header),
      (error: unknown) =>
        error instanceof DomainError && error.status === 401 && error.code === 'INVALID_API_KEY',
    );
  });
});
