import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { DomainError } from '@multimfa/service-runtime';
import { compareCursors, cursorAtHorizon, decodeCursor, encodeCursor } from './feed-cursor.codec.js';

describe('feed cursor', () => {
  it('decodes what it encoded, as an opaque base64url text', () => {
    const text = encodeCursor({ xact: '18446744073709551615', position: '42' });
    assert.match(text, /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeCursor(text), { xact: '18446744073709551615', position: '42' });
  });

  it.each([
    ['not base64 of the format', 'hello'],
    ['another version', Buffer.from('2.1.1').toString('base64url')],
    ['a negative position', Buffer.from('1.1.-1').toString('base64url')],
    ['leading zeros (two texts for one place)', Buffer.from('1.01.1').toString('base64url')],
    ['empty', ''],
  ])('refuses %s with 400 INVALID_CURSOR', (_label, text) => {
    assert.throws(
      () => decodeCursor(text),
      (error: unknown) =>
        error instanceof DomainError && error.code === 'INVALID_CURSOR' && error.status === 400,
    );
  });

  it('orders by transaction first, then by position', () => {
    assert.equal(compareCursors({ xact: '9', position: '100' }, { xact: '10', position: '1' }), -1);
    assert.equal(compareCursors({ xact: '10', position: '2' }, { xact: '10', position: '1' }), 1);
    assert.equal(compareCursors({ xact: '10', position: '1' }, { xact: '10', position: '1' }), 0);
  });

  it('puts the horizon cursor before every row of the horizon transaction and after every older one', () => {
    const horizon = cursorAtHorizon('500');
    assert.equal(compareCursors(horizon, { xact: '500', position: '1' }), -1);
    assert.equal(compareCursors(horizon, { xact: '499', position: '99999' }), 1);
  });
});
