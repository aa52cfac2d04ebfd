import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { testInfrastructure } from '@multimfa/service-runtime/testing';
import { checkKafka } from './kafka.check.js';

describe('Kafka readiness check against the real broker', () => {
  it('sees Kafka up, and down on a port where nothing listens', async () => {
    const upCheck = checkKafka(testInfrastructure.kafkaBrokers, 'runtime-test');
    const downCheck = checkKafka(['127.0.0.1:1'], 'runtime-test');
    try {
      await upCheck.check();
      await upCheck.check();
      await assert.rejects(downCheck.check());
    } finally {
      await upCheck.close();
      await downCheck.close();
    }
  });
});
