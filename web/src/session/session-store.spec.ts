import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { sessionSchema } from './session.schema';
import { defaultSession } from './session-defaults';
import { checkStoredSession, loadSession, SESSION_STORAGE_KEY } from './session-store';

/** A Storage holding one "state" value. */
function storageWith(value: string | undefined): Storage {
  const items = new Map<string, string>(value === undefined ? [] : [[SESSION_STORAGE_KEY, value]]);
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, item) => void items.set(key, item),
  };
}

const signedIn = {
  ...defaultSession(),
  emailAddress: 'ada@example.com',
  userType: 'CUSTOMER',
  isLoggedIn: true,
  MFAs: [{ multiMFAId: 7, Members: [{ memberId: 1 }], plans: { planId: 2 } }],
};

describe('session store: the zod-free first read and the schema check after it', () => {
  it('gives the same defaults as the schema parsing an empty object', () => {
    assert.deepEqual(defaultSession(), sessionSchema.parse({}));
  });

  it('reads a stored signed-in session as is, and fills a missing field with its default', () => {
    const { autoRenewal: _left, ...older } = signedIn;
    assert.deepEqual(loadSession(storageWith(JSON.stringify(signedIn))), signedIn);
    assert.deepEqual(loadSession(storageWith(JSON.stringify(older))), signedIn);
  });

  it('gives the defaults for nothing stored, text that is not JSON, an array, or a field of the wrong JSON type', () => {
    for (const stored of [undefined, '{not json', '[]', JSON.stringify({ ...signedIn, isLoggedIn: 'yes' })]) {
      assert.deepEqual(loadSession(storageWith(stored)), defaultSession(), String(stored));
    }
  });

  it('accepts what the schema accepts and gives the defaults for what only the first read let through', async () => {
    assert.deepEqual(await checkStoredSession(storageWith(JSON.stringify(signedIn))), signedIn);
    const badUserType = JSON.stringify({ ...signedIn, userType: 'ROOT' });
    assert.equal(loadSession(storageWith(badUserType)).isLoggedIn, true);
    assert.deepEqual(await checkStoredSession(storageWith(badUserType)), defaultSession());
  });
});
