import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { BOT_KEY_PREFIX, BotKeyCipher, generateBotKey, hashBotKey } from './bot-keys.cipher.js';
import { canAddBot } from './bot-limit.rules.js';

describe('bot API keys', () => {
  it('starts every key with mmfa_bot_ followed by 43 base64url characters that decode to 32 bytes (256 bits)', () => {
    const key = generateBotKey();
    assert.match(key, /^mmfa_bot_[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(key.slice(BOT_KEY_PREFIX.length), 'base64url').length, 32);
  });

  it('makes a different key every time (1000 keys, 1000 distinct)', () => {
    const keys = new Set(Array.from({ length: 1000 }, generateBotKey));
    assert.equal(keys.size, 1000);
  });

  it('hashes a key to its SHA-256 in 64 hex digits, the same for the same key', () => {
    const key = generateBotKey();
    assert.match(hashBotKey(key), /^[0-9a-f]{64}$/);
    assert.equal(hashBotKey(key), hashBotKey(`${key}`));
    assert.notEqual(hashBotKey(key), hashBotKey(generateBotKey()));
  });
});

describe('BotKeyCipher (AES-256-GCM)', () => {
  const cipher = new BotKeyCipher(randomBytes(32));

  it('decrypts what it encrypted for the same bot, and the ciphertext does not contain the key', () => {
    const key = generateBotKey();
    const botId = randomUUID();
    const stored = cipher.encrypt(key, botId);
    assert.equal(stored.includes(key.slice(BOT_KEY_PREFIX.length)), false);
    assert.equal(cipher.decrypt(stored, botId), key);
  });

  it('encrypts the same key differently each time (a random IV)', () => {
    const key = generateBotKey();
    const botId = randomUUID();
    assert.notEqual(cipher.encrypt(key, botId), cipher.encrypt(key, botId));
  });

  it('refuses a ciphertext moved onto another bot, a tampered one, and one under another encryption key', () => {
    const botId = randomUUID();
    const stored = cipher.encrypt(generateBotKey(), botId);
    assert.throws(() => cipher.decrypt(stored, randomUUID()));
    const [format, iv, sealed, tag] = stored.split('.') as [string, string, string, string];
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    assert.throws(() => cipher.decrypt([format, iv, flipped.toString('base64url'), tag].join('.'), botId));
    assert.throws(() => new BotKeyCipher(randomBytes(32)).decrypt(stored, botId));
  });

  it('refuses an encryption key that is not 32 bytes', () => {
    assert.throws(() => new BotKeyCipher(randomBytes(16)), /32 bytes/);
  });
});

describe('the bot limit', () => {
  it('allows a bot while the RoboMFA holds fewer than its plan allows, and refuses at the limit or above', () => {
    assert.equal(canAddBot(0, 2), true);
    assert.equal(canAddBot(1, 2), true);
    assert.equal(canAddBot(2, 2), false);
    assert.equal(canAddBot(3, 2), false);
  });
});
