// A consumer of the outbox benchmark in a process of its own, so the benchmark can kill it with
// SIGKILL: the project's EventConsumer (its session, heartbeat and rebalance settings) in group
// argv[3] on topic argv[4]. It says `ready` once joined and `{ first }` at the first event applied.
import { Kafka, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import { EventConsumer, handlerKey } from '../../packages/event-bus/dist/index.js';
import { createLogger } from '../../packages/service-runtime/dist/index.js';
import { itemCatalogue, itemChanged } from './outbox-item.mjs';

const [databaseUrl, brokers, groupId, topic, deadLetterTopic] = process.argv.slice(2);
const kafka = new Kafka({
  clientId: 'bench-consumer',
  brokers: brokers.split(','),
  logLevel: logLevel.NOTHING,
});
const dataSource = await new DataSource({ type: 'postgres', url: databaseUrl }).initialize();
let first = true;
const consumer = new EventConsumer({
  kafka,
  groupId,
  topics: [topic],
  dataSource,
  catalogue: itemCatalogue,
  handlers: {
    [handlerKey(itemChanged.type, itemChanged.version)]: async () => {
      if (first) process.send({ first: performance.timeOrigin + performance.now() });
      first = false;
      return undefined;
    },
  },
  deadLetterTopic,
  producer: kafka.producer(),
  logger: createLogger('bench-consumer', 'error'),
});
await consumer.start();
process.send('ready');
