import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { openSecret, sealedSecretSchema, sealingKeySetting, sealSecret } from './sealed-secret.cipher.js';

describe('sealed secrets in events', () => {
  const key = randomBytes(32).toString('base64');

  it('opens what it sealed under the same key and context, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, '314159', 'notification-1');
    assert.equal(sealedSecretSchema.safeParse(sealed).success, true);
    assert.equal(sealed.includes('314159'), false);
    assert.equal(openSecret(key, sealed, 'notification-1'), '314159');
  });

  it('refuses another key, another context, and an altered seal', () => {
    const sealed = sealSecret(key, '314159', 'notification-1');
    assert.throws(() => openSecret(randomBytes(32).toString('base64'), sealed, 'notification-1'));
    assert.throws(() => openSecret(key, sealed, 'notification-2'));
    const [version, iv, text, tag] = sealed.split('.');
    const altered = [version, iv, `${text?.slice(0, -1)}${text?.endsWith('A') ? 'B' : 'A'}`, tag].join('.');
    assert.throws(() => openSecret(key, altered, 'notification-1'));
  });

  it('accepts a setting of at least 32 characters only', () => {
    assert.equal(sealingKeySetting.safeParse(key).success, true);
    assert.equal(sealingKeySetting.safeParse(randomBytes(16).toString('hex').slice(0, 31)).success, false);
  });
});
