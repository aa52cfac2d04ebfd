// The outbox benchmark's load generator, in a process of its own (forked by outbox.bench.mjs).
// It receives one run over IPC, writes its events and answers with when each left its hands:
//   outbox  events committed through Outbox.publish / publishAll in PostgreSQL transactions
//           (a relay elsewhere publishes them); the time taken is after the commit returned;
//   direct  the same envelopes sent straight to Kafka with an idempotent producer, acks=all;
//           the time taken is when send() was called.
//   burst   `count` events as fast as possible, `batch` per transaction or per send, `writers` at once;
//   steady  `rate` events per second for `seconds`, one per transaction or per send.
// Clock: performance.timeOrigin + performance.now(), comparable across the processes of one machine.
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import { Outbox } from '../../packages/event-bus/dist/index.js';
import { DATABASE_DEADLINES, DeadlineClient } from '../../packages/service-runtime/dist/index.js';
import { itemChanged } from './outbox-item.mjs';

const now = () => performance.timeOrigin + performance.now();

/** The same envelope the outbox writes, so both paths carry messages of one size. */
function envelope(payload) {
  const eventId = randomUUID();
  return {
    eventId,
    type: itemChanged.type,
    version: itemChanged.version,
    occurredAt: new Date().toISOString(),
    correlationId: eventId,
    causationId: null,
    key: payload.itemId,
    payload,
  };
}

const payloadOf = (n, keys) => ({ itemId: `item-${n % keys}`, n });

async function outboxWriter(run) {
  const dataSource = await new DataSource({
    type: 'postgres',
    url: run.databaseUrl,
    // As a service's pool runs it (its client names the outbox's statement).
    extra: { max: run.writers + 1, ...DATABASE_DEADLINES, Client: DeadlineClient },
  }).initialize();
  const outbox = new Outbox(run.topicPrefix);
  return {
    writeBatch: (payloads) =>
      dataSource.transaction((manager) => outbox.publishAll(manager, itemChanged, payloads)),
    writeOne: (payload) => dataSource.transaction((manager) => outbox.publish(manager, itemChanged, payload)),
    close: () => dataSource.destroy(),
  };
}

async function directWriter(run) {
  const kafka = new Kafka({ clientId: 'bench-load', brokers: run.brokers, logLevel: logLevel.NOTHING });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  const topic = `${run.topicPrefix}${itemChanged.topic.name}`;
  const message = (payload) => {
    const event = envelope(payload);
    return {
      key: event.key,
      value: JSON.stringify(event),
      headers: { 'event-id': event.eventId, 'event-type': event.type, 'correlation-id': event.eventId },
    };
  };
  const send = (payloads) => producer.send({ topic, acks: -1, messages: payloads.map(message) });
  return { writeBatch: send, writeOne: (payload) => send([payload]), close: () => producer.disconnect() };
}

async function burst(writer, run) {
  const began = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: run.writers }, async () => {
      while (next < run.count) {
        const from = next;
        next = Math.min(run.count, next + run.batch);
        const payloads = [];
        for (let n = from; n < next; n += 1) payloads.push(payloadOf(n, run.keys));
        await writer.writeBatch(payloads);
      }
    }),
  );
  return { began, wrote: now() };
}

async function steady(writer, run) {
  const total = run.rate * run.seconds;
  const interval = 1000 / run.rate;
  const began = performance.now();
  const left = new Array(total);
  const pending = [];
  for (let n = 0; n < total; n += 1) {
    const wait = began + n * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const payload = payloadOf(n, run.keys);
    if (run.mode === 'direct') {
      left[n] = now();
      pending.push(writer.writeOne(payload));
    } else {
      pending.push(writer.writeOne(payload).then(() => (left[n] = now())));
    }
  }
  await Promise.all(pending);
  return { left };
}

process.once('message', async (run) => {
  const writer = run.mode === 'outbox' ? await outboxWriter(run) : await directWriter(run);
  process.send('connected');
  await new Promise((resolve) => process.once('message', resolve));
  const result = run.kind === 'burst' ? await burst(writer, run) : await steady(writer, run);
  await writer.close();
  process.send(result, () => process.exit(0));
});
process.send('ready');
