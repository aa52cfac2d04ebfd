import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from '@jest/globals';
import { kafkaEnvSchema, loadConfig } from '@multimfa/service-runtime';
import { kafkaConnection, kafkaConnectionConfig } from './kafka.client.js';

const dir = mkdtempSync(join(tmpdir(), 'mmfa-kafka-client-'));
const caFile = join(dir, 'ca.crt');
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
writeFileSync(caFile, PEM);
const settings = (env: Record<string, string>) =>
  loadConfig(kafkaEnvSchema, { KAFKA_BROKERS: 'kafka:9093', ...env });

describe('kafkaConnection', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is plaintext to the brokers when no security setting is set', () => {
    const connection = kafkaConnection(settings({}));
    assert.deepEqual(connection, { brokers: ['kafka:9093'] });
    assert.deepEqual(kafkaConnectionConfig(connection), { brokers: ['kafka:9093'] });
  });

  it('gives kafkajs the SCRAM credentials and TLS with the CA file read at start', () => {
    const connection = kafkaConnection(
      settings({
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'billing',
        KAFKA_SASL_PASSWORD: 'secret',
        KAFKA_TLS: 'true',
        KAFKA_TLS_CA_FILE: caFile,
      }),
    );
    assert.deepEqual(kafkaConnectionConfig(connection), {
      brokers: ['kafka:9093'],
      ssl: { ca: [PEM], rejectUnauthorized: true },
      sasl: { mechanism: 'scram-sha-512', username: 'billing', password: 'secret' },
    });
  });

  it("trusts the system's CAs with TLS and no CA file", () => {
    assert.equal(kafkaConnectionConfig(kafkaConnection(settings({ KAFKA_TLS: 'true' }))).ssl, true);
  });

  it('stops at start on a CA file it cannot read or that holds no certificate', () => {
    assert.throws(
      () => kafkaConnection(settings({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: join(dir, 'missing.crt') })),
      /KAFKA_TLS_CA_FILE: cannot read .*missing\.crt \(ENOENT\)/,
    );
    const notPem = join(dir, 'not.pem');
    writeFileSync(notPem, 'hello');
    assert.throws(
      () => kafkaConnection(settings({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: notPem })),
      /holds no PEM certificate/,
    );
  });
});
