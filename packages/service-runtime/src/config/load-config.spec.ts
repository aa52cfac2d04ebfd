import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { ConfigError, loadConfig, serviceEnvSchema } from './load-config.js';

const valid = {
  PORT: '24130',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mmfa_numbers',
  REDIS_URL: 'redis://127.0.0.1:6379/0',
  KAFKA_BROKERS: '127.0.0.1:24092, 127.0.0.2:9092',
};

describe('loadConfig', () => {
  it('parses a valid environment with defaults', () => {
    const config = loadConfig(serviceEnvSchema, valid);
    assert.equal(config.PORT, 24130);
    assert.equal(config.HOST, '127.0.0.1');
    assert.equal(config.LOG_LEVEL, 'info');
    assert.deepEqual(config.KAFKA_BROKERS, ['127.0.0.1:24092', '127.0.0.2:9092']);
  });

  it('names every bad setting', () => {
    const error = (() => {
      try {
        loadConfig(serviceEnvSchema, {
          ...valid,
          PORT: 'eighty',
          REDIS_URL: 'http://nope',
          KAFKA_BROKERS: 'broker',
        });
      } catch (caught) {
        return caught;
      }
    })();
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /PORT/);
    assert.match(error.message, /REDIS_URL: must be a redis: or rediss: URL/);
    assert.match(error.message, /KAFKA_BROKERS/);
    assert.equal(error.issues.length, 3);
  });

  it('reports a missing setting by name', () => {
    const { DATABASE_URL: _missing, ...rest } = valid;
    assert.throws(() => loadConfig(serviceEnvSchema, rest), /DATABASE_URL/);
  });
});
