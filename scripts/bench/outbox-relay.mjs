// The outbox benchmark's relay, in a process of its own (forked by outbox.bench.mjs), as a service
// replica runs it: its defaults, its own event loop. The consumers that time the events run in the
// bench process, so they never share an event loop with the relay they measure (the direct producer,
// likewise, runs in the load generator's process).
import { Kafka, logLevel } from 'kafkajs';
import { OutboxRelay } from '../../packages/event-bus/dist/index.js';
import { createLogger } from '../../packages/service-runtime/dist/index.js';

process.once('message', ({ databaseUrl, brokers }) => {
  const kafka = new Kafka({ clientId: 'bench-relay', brokers, logLevel: logLevel.NOTHING });
  const relay = new OutboxRelay({
    databaseUrl,
    producer: kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false }),
    logger: createLogger('bench-relay', 'error'),
  });
  relay.start();
  process.once('message', async () => {
    await relay.stop();
    process.send('stopped', () => process.exit(0));
  });
  process.send('started');
});
