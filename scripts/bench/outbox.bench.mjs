// The outbox against a bare kafkajs loop on the same broker, in the same run:
//   throughput   N events written (in transactions, through the outbox) until all are consumed,
//                against N messages produced straight to Kafka until all are consumed;
//   latency      at a steady rate, the time from a writer's commit (outbox) or send (bare) to the
//                moment the consumer holds the message: p50 and p99.
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  CreateEventBusTables1763700000000,
  ensureTopics,
  Outbox,
  OutboxRelay,
} from '../../packages/event-bus/dist/index.js';
import { defineEvent } from '../../packages/events/dist/index.js';
import { createLogger } from '../../packages/service-runtime/dist/index.js';

export const title = 'Transactional outbox to a consumer, against a bare kafkajs produce-consume loop';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function resetDatabase(postgresUrl, name) {
  const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return `${postgresUrl}/${name}`;
}

/** A consumer that records when each message (by id) arrives; resolves `done` after `expected`. */
async function arrivals(kafka, topic, expected, idOf) {
  const seen = new Map();
  let resolve;
  const done = new Promise((r) => {
    resolve = r;
  });
  const consumer = kafka.consumer({ groupId: `bench-${randomBytes(4).toString('hex')}` });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const joined = new Promise((r) => consumer.on(consumer.events.GROUP_JOIN, r));
  await consumer.run({
    eachMessage: async ({ message }) => {
      seen.set(idOf(message), performance.now());
      if (seen.size >= expected.value) resolve();
    },
  });
  await joined;
  return { seen, done, stop: () => consumer.disconnect() };
}

async function steady(rate, seconds, send) {
  const total = rate * seconds;
  const interval = 1000 / rate;
  const began = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = began + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  await Promise.all(pending);
}

export async function run({ config, seconds }) {
  const logger = createLogger('bench', 'error');
  const kafka = new Kafka({ clientId: 'bench', brokers: [config.kafka.brokers], logLevel: logLevel.NOTHING });
  const prefix = `bench-${randomBytes(3).toString('hex')}.`;
  const topic = { name: 'bench.item.v1', partitions: 6, retentionMs: 3_600_000, description: 'bench' };
  const outboxTopic = `${prefix}${topic.name}`;
  const bareTopic = `${prefix}bare.v1`;
  await ensureTopics(kafka, [
    { ...topic, name: outboxTopic },
    { ...topic, name: bareTopic },
  ]);
  const itemChanged = defineEvent({
    type: 'bench.item.changed',
    version: 1,
    topic,
    payload: z.object({ itemId: z.string(), n: z.number() }),
    keyOf: (payload) => payload.itemId,
  });

  const databaseUrl = await resetDatabase(config.postgresUrl, 'mmfa_bench_outbox');
  const dataSource = await new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations: [CreateEventBusTables1763700000000],
    migrationsRun: true,
    extra: { max: 16 },
  }).initialize();
  const outbox = new Outbox(prefix);
  const relay = new OutboxRelay({
    databaseUrl,
    producer: kafka.producer({ idempotent: true, maxInFlightRequests: 1 }),
    logger,
  });
  relay.start();
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();

  const count = 4000;
  const rate = 200;
  const results = {};
  try {
    // Throughput: the outbox.
    {
      const expected = { value: count };
      const sink = await arrivals(
        kafka,
        outboxTopic,
        expected,
        (m) => JSON.parse(m.value.toString()).payload.n,
      );
      const began = performance.now();
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < count; i += 8) {
          await dataSource.transaction((manager) =>
            outbox.publish(manager, itemChanged, { itemId: `item-${i % 64}`, n: i }),
          );
        }
      });
      await Promise.all(writers);
      await sink.done;
      results.outboxThroughput = count / ((performance.now() - began) / 1000);
      await sink.stop();
    }
    // Throughput: bare kafkajs, the same messages sent one by one by 8 senders.
    {
      const expected = { value: count };
      const sink = await arrivals(kafka, bareTopic, expected, (m) => m.value.toString());
      const began = performance.now();
      const senders = Array.from({ length: 8 }, async (_, w) => {
        for (let i = w; i < count; i += 8) {
          await producer.send({
            topic: bareTopic,
            acks: -1,
            messages: [{ key: `item-${i % 64}`, value: String(i) }],
          });
        }
      });
      await Promise.all(senders);
      await sink.done;
      results.bareThroughput = count / ((performance.now() - began) / 1000);
      await sink.stop();
    }
    // Latency at a steady rate: the outbox (commit to consume).
    {
      const total = rate * seconds;
      const expected = { value: count + total };
      const committed = new Map();
      const sink = await arrivals(
        kafka,
        outboxTopic,
        expected,
        (m) => JSON.parse(m.value.toString()).payload.n,
      );
      await steady(rate, seconds, async (i) => {
        const n = count + i;
        await dataSource.transaction((manager) =>
          outbox.publish(manager, itemChanged, { itemId: `item-${n % 64}`, n }),
        );
        committed.set(n, performance.now());
      });
      await sink.done;
      const latencies = [...committed].map(([n, at]) => sink.seen.get(n) - at);
      results.outboxP50 = percentile(latencies, 50);
      results.outboxP99 = percentile(latencies, 99);
      await sink.stop();
    }
    // Latency at a steady rate: bare kafkajs (send to consume).
    {
      const total = rate * seconds;
      const expected = { value: count + total };
      const sent = new Map();
      const sink = await arrivals(kafka, bareTopic, expected, (m) => Number(m.value.toString()));
      await steady(rate, seconds, async (i) => {
        const n = count + i;
        const at = performance.now();
        await producer.send({
          topic: bareTopic,
          acks: -1,
          messages: [{ key: `item-${n % 64}`, value: String(n) }],
        });
        sent.set(n, at);
      });
      await sink.done;
      const latencies = [...sent].map(([n, at]) => sink.seen.get(n) - at);
      results.bareP50 = percentile(latencies, 50);
      results.bareP99 = percentile(latencies, 99);
      await sink.stop();
    }
  } finally {
    await producer.disconnect();
    await relay.stop();
    await dataSource.destroy();
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [outboxTopic, bareTopic] }).catch(() => undefined);
    await admin.disconnect();
  }
  return [
    {
      figure: `throughput, ${count} events (events/s)`,
      baseline: results.bareThroughput,
      measured: results.outboxThroughput,
      better: 'higher',
    },
    {
      figure: `p50 latency at ${rate}/s (ms)`,
      baseline: results.bareP50,
      measured: results.outboxP50,
      better: 'lower',
    },
    {
      figure: `p99 latency at ${rate}/s (ms)`,
      baseline: results.bareP99,
      measured: results.outboxP99,
      better: 'lower',
    },
  ];
}
