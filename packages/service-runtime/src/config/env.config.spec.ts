import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import type { z } from 'zod';
import { ConfigError, kafkaEnvSchema, loadConfig, serviceEnvSchema } from './env.config.js';

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

  describe('Kafka security', () => {
    const issuesOf = (env: Record<string, string>, schema: z.ZodType = serviceEnvSchema) => {
      try {
        loadConfig(schema, env);
        return [];
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.issues;
      }
    };

    it('is plaintext without SASL or TLS when unset or empty, as locally', () => {
      for (const env of [valid, { ...valid, KAFKA_SASL_MECHANISM: '', KAFKA_TLS_CA_FILE: '' }]) {
        const config = loadConfig(serviceEnvSchema, env);
        assert.equal(config.KAFKA_SASL_MECHANISM, undefined);
        assert.equal(config.KAFKA_TLS, false);
        assert.equal(config.KAFKA_TLS_CA_FILE, undefined);
      }
    });

    it('reads SCRAM credentials and TLS with its CA file', () => {
      const config = loadConfig(serviceEnvSchema, {
        ...valid,
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'numbers',
        KAFKA_SASL_PASSWORD: 'not-logged',
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA_FILE: '/etc/kafka-ca/ca.crt',
      });
      assert.equal(config.KAFKA_SASL_MECHANISM, 'scram-sha-512');
      assert.equal(config.KAFKA_SASL_USERNAME, 'numbers');
      assert.equal(config.KAFKA_SASL_PASSWORD, 'not-logged');
      assert.equal(config.KAFKA_TLS, true);
      assert.equal(config.KAFKA_TLS_CA_FILE, '/etc/kafka-ca/ca.crt');
    });

    it('requires the username and password with a mechanism, naming them beside other bad settings', () => {
      const { DATABASE_URL: _missing, ...rest } = valid;
      assert.deepEqual(issuesOf({ ...rest, KAFKA_SASL_MECHANISM: 'scram-sha-256' }), [
        'DATABASE_URL: Invalid input: expected string, received undefined',
        'KAFKA_SASL_USERNAME: is required when KAFKA_SASL_MECHANISM is set',
        'KAFKA_SASL_PASSWORD: is required when KAFKA_SASL_MECHANISM is set',
      ]);
      assert.deepEqual(
        issuesOf(
          { KAFKA_BROKERS: 'kafka:9093', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'x' },
          kafkaEnvSchema,
        ),
        ['KAFKA_SASL_PASSWORD: is required when KAFKA_SASL_MECHANISM is set'],
      );
    });

    it('refuses credentials without a mechanism, an unknown mechanism, and a CA file without TLS', () => {
      assert.deepEqual(
        issuesOf({ ...valid, KAFKA_SASL_PASSWORD: 'secret-value', KAFKA_TLS_CA_FILE: '/ca.pem' }),
        [
          'KAFKA_SASL_PASSWORD: is set but KAFKA_SASL_MECHANISM is not (scram-sha-512 or scram-sha-256)',
          'KAFKA_TLS_CA_FILE: is set but KAFKA_TLS is not true',
        ],
      );
      const issues = issuesOf({ ...valid, KAFKA_SASL_MECHANISM: 'plain', KAFKA_TLS: 'yes' });
      assert.deepEqual(
        issues.map((issue) => issue.split(':')[0]),
        ['KAFKA_SASL_MECHANISM', 'KAFKA_TLS'],
      );
    });

    it('never puts the password in the error', () => {
      const issues = issuesOf({ ...valid, KAFKA_SASL_PASSWORD: 'secret-value' });
      assert.ok(issues.length > 0);
      assert.ok(!issues.join(' ').includes('secret-value'));
    });
  });
});
