import { describe, expect, it } from '@jest/globals';
import { advancedLogCursor, logCursor, memberCursor } from './cursor.codec.js';

const position = {
  createdAt: new Date('2025-05-01T08:03:00.000Z'),
  id: '0b6f1c1e-8a51-4d0e-9a57-3f5c2f0d9b11',
};

describe('cursors: opaque positions of one list', () => {
  it('decode to the position they were made from', () => {
    expect(logCursor.decode(logCursor.encode(position))).toStrictEqual(position);
    const owner = { email: null, userId: position.id };
    expect(advancedLogCursor.decode(advancedLogCursor.encode(owner))).toStrictEqual(owner);
  });

  it('decode to null in another list, even one with positions of the same shape', () => {
    expect(memberCursor.decode(logCursor.encode(position))).toBeNull();
    expect(advancedLogCursor.decode(logCursor.encode(position))).toBeNull();
  });

  it('decode to null when made up: not base64 JSON, a wrong shape, or a date that is not one', () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      made({ list: 'log' }),
      made(['log', position.createdAt.toISOString()]),
      made(['log', 'yesterday', position.id]),
      made(['log', position.createdAt.toISOString(), 'not-a-uuid']),
    ])
      expect(logCursor.decode(cursor)).toBeNull();
  });
});
