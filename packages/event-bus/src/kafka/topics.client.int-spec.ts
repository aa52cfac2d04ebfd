import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, it } from '@jest/globals';
import { testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import { createKafka } from './kafka.client.js';
import { ensureTopics } from './topics.client.js';

const ROUNDS = 8;
const PARTITIONS = 3;

describe('ensureTopics against the real broker', () => {
  const kafka = createKafka({
    clientId: 'topics-client-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: testLogger('topics-client-test'),
  });
  const prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.topics.`;
  const created: string[] = [];

  afterAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: created }).catch(() => undefined);
    await admin.disconnect();
  });

  it(`returns only once the broker serves each new topic: a producer that never creates topics and never retries sends to every partition of ${ROUNDS} fresh topics at once`, async () => {
    const producer = kafka.producer({ allowAutoTopicCreation: false, retry: { retries: 0 } });
    await producer.connect();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const name = `${prefix}t${round}`;
        const made = await ensureTopics(kafka, [
          { name, partitions: PARTITIONS, retentionMs: 3_600_000, description: 'test' },
        ]);
        created.push(name);
        assert.deepEqual(made, [name]);
        const answers = await producer.send({
          topic: name,
          acks: -1,
          messages: Array.from({ length: PARTITIONS }, (_, partition) => ({ partition, value: `${round}` })),
        });
        assert.equal(answers.filter((answer) => answer.errorCode === 0).length, PARTITIONS);
      }
    } finally {
      await producer.disconnect();
    }
  }, 120_000);

  it('answers with nothing created when every topic is there already, and leaves them served', async () => {
    const name = `${prefix}again`;
    const spec = { name, partitions: PARTITIONS, retentionMs: 3_600_000, description: 'test' };
    assert.deepEqual(await ensureTopics(kafka, [spec]), [name]);
    created.push(name);
    assert.deepEqual(await ensureTopics(kafka, [spec]), []);
  }, 60_000);
});
