import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@multimfa/service-runtime';
import { numbersConfigSchema } from './numbers.config.js';

const base = {
  PORT: '1',
  DATABASE_URL: 'postgres://localhost/numbers',
  REDIS_URL: 'redis://localhost:6379/0',
  KAFKA_BROKERS: 'localhost:9092',
  TRUSTED_CALLERS: '',
  PUBLIC_API_URL: 'https://multimfa.test',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
  TWILIO_AUTH_TOKEN: 'token',
};

describe('numbers settings: BOT_KEY_ENCRYPTION_KEY', () => {
  it('reads 32 bytes given as 64 hex digits or as base64', () => {
    const key = randomBytes(32);
    for (const written of [key.toString('hex'), key.toString('base64')]) {
      const config = loadConfig(numbersConfigSchema, { ...base, BOT_KEY_ENCRYPTION_KEY: written });
      assert.deepEqual(config.BOT_KEY_ENCRYPTION_KEY, key);
    }
  });

  it('refuses to start without it, or with a key that is not 32 bytes', () => {
    for (const value of [
      undefined,
      '',
      randomBytes(16).toString('hex'),
      randomBytes(48).toString('base64'),
    ]) {
      assert.throws(
        () => loadConfig(numbersConfigSchema, { ...base, BOT_KEY_ENCRYPTION_KEY: value }),
        (error: unknown) => error instanceof ConfigError && /BOT_KEY_ENCRYPTION_KEY/.test(error.message),
      );
    }
  });
});
