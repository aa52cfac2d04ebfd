import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { createTestDatabase, dropTestDatabase, testInfrastructure } from '@multimfa/service-runtime/testing';
import type { ISocketFactory } from 'kafkajs';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { readDeadLetters } from '../dead-letter/dead-letter.js';
import { createKafka } from '../kafka/kafka-client.js';
import { EventBusHarness, events, inOrderPerKey, waitUntil } from '../testing/event-bus-harness.js';
import { TcpProxy } from '../testing/tcp-proxy.js';

/** A metric's value; a metric that was never registered fails the test instead of reading as 0. */
async function metric(registry: Registry, name: string): Promise<number> {
  const found = registry.getSingleMetric(name);
  assert.ok(found, `metric ${name} is registered`);
  return (await found.get()).values.reduce((sum, value) => sum + value.value, 0);
}

/** Every connection a Kafka client opens goes through the proxy (the broker advertises its own address). */
const through =
  (proxy: TcpProxy): ISocketFactory =>
  ({ onConnect }) =>
    connect({ host: '127.0.0.1', port: proxy.port }, onConnect);

const broker = () => {
  const [host, port] = (testInfrastructure.kafkaBrokers[0] ?? '127.0.0.1:24092').split(':');
  return { host: host ?? '127.0.0.1', port: Number(port) };
};

describe('event backbone under real faults (real broker and PostgreSQL, TCP proxies that cut)', () => {
  let databaseUrl: string;
  let bus: EventBusHarness;
  const proxies: TcpProxy[] = [];

  async function proxy(target: { host: string; port: number }): Promise<TcpProxy> {
    const created = new TcpProxy(target);
    await created.start();
    proxies.push(created);
    return created;
  }

  before(async () => {
    databaseUrl = await createTestDatabase('event_bus_faults');
  });

  after(async () => {
    await dropTestDatabase(databaseUrl);
  });

  beforeEach(async () => {
    await dropTestDatabase(databaseUrl);
    databaseUrl = await createTestDatabase('event_bus_faults');
    bus = new EventBusHarness(databaseUrl);
    await bus.setUp();
  });

  afterEach(async () => {
    await bus.tearDown();
    for (const item of proxies.splice(0)) await item.stop();
  });

  it('the broker cut in the middle of a relay batch: nothing lost, each event applied once, order per key kept', async () => {
    const network = await proxy(broker());
    const registry = new Registry();
    bus.relay({ socketFactory: through(network) });
    await bus.consumer({ registry }).start();
    await bus.write(events(['a'], 1));
    await waitUntil('the relay is connected', async () => (await bus.appliedCount()) === 1);

    // The next request towards the broker is cut after 20 kB: inside the produce request of a batch.
    network.cutAfterRequestBytes(20_000);
    const written = events(['k1', 'k2', 'k3', 'k4', 'k5', 'k6'], 100, 1);
    await bus.write(written);
    await waitUntil('the proxy cut the connection', async () => (await bus.pendingCount()) > 0, 10_000);
    network.restore();
    await waitUntil(
      'every event is applied',
      async () => (await bus.appliedCount()) === written.length + 1,
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const applied = await bus.applied();
    assert.equal(applied.length, written.length + 1, 'nothing lost, nothing applied twice');
    assert.equal(new Set(applied.map((event) => event.eventId)).size, applied.length);
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order written');
    assert.equal(await bus.pendingCount(), 0);
  });

  it('the broker wrote a batch but its acknowledgement was lost: the relay sends it again and the consumer skips the duplicates', async () => {
    const network = await proxy(broker());
    const registry = new Registry();
    bus.relay({ socketFactory: through(network) });
    await bus.consumer({ registry }).start();
    await bus.write(events(['a'], 1));
    await waitUntil('the relay is connected', async () => (await bus.appliedCount()) === 1);

    network.swallowAnswers();
    const written = events(['k1', 'k2', 'k3'], 20, 1);
    await bus.write(written);
    // The consumer reads the broker directly: the batch is there although the relay never heard so.
    await waitUntil(
      'the broker has the batch',
      async () => (await bus.appliedCount()) === written.length + 1,
    );
    assert.equal(
      await bus.pendingCount(),
      written.length,
      'the relay has not marked what it never heard about',
    );
    network.cut();
    network.restore();
    await waitUntil('the relay sent the batch again', async () => (await bus.pendingCount()) === 0, 60_000);
    await waitUntil(
      'the duplicates reached the consumer',
      async () => (await metric(registry, 'events_duplicate_total')) >= written.length,
    );
    const applied = await bus.applied();
    assert.equal(applied.length, written.length + 1, 'each event applied once');
    assert.equal(new Set(applied.map((event) => event.eventId)).size, applied.length);
    assert.ok(inOrderPerKey(applied));
  });

  it("the consumer's database connection refused for 30 s under traffic: zero dead letters, everything applied in order after", async () => {
    const url = new URL(databaseUrl);
    const database = await proxy({ host: url.hostname, port: Number(url.port || 5432) });
    const proxied = new URL(databaseUrl);
    proxied.host = `127.0.0.1:${database.port}`;
    const consumerDatabase = await new DataSource({
      type: 'postgres',
      url: proxied.toString(),
      extra: { max: 4, connectionTimeoutMillis: 2000 },
    }).initialize();
    const registry = new Registry();
    bus.relay();
    const consumer = bus.consumer({ registry, dataSource: consumerDatabase });
    await consumer.start();
    try {
      const first = events(['d1', 'd2', 'd3'], 10);
      await bus.write(first);
      await waitUntil(
        'the first events are applied',
        async () => (await bus.appliedCount()) === first.length,
      );

      database.cut();
      const during = events(['d1', 'd2', 'd3'], 20, 10);
      const writing = bus.write(during);
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      await writing;
      assert.equal(
        await bus.appliedCount(),
        first.length,
        'nothing could be applied while the database was away',
      );
      assert.ok(consumer.waiting().length > 0, 'the partitions wait at the failed event');
      database.restore();

      await waitUntil(
        'everything is applied',
        async () => (await bus.appliedCount()) === first.length + during.length,
        60_000,
      );
      const applied = await bus.applied();
      assert.equal(new Set(applied.map((event) => event.eventId)).size, first.length + during.length);
      assert.ok(inOrderPerKey(applied), 'order per key held across the retries');
      assert.equal(await metric(registry, 'events_dead_lettered_total'), 0, 'zero dead letters');
      assert.equal((await readDeadLetters(bus.kafka, bus.deadLetterTopic)).length, 0);
      assert.ok(
        (await metric(registry, 'event_consumer_retry_wait_seconds_total')) >= 20,
        'the waiting was counted',
      );
      assert.equal(consumer.waiting().length, 0);
    } finally {
      await consumer.stop();
      await consumerDatabase.destroy();
    }
  });

  it('a poison event whose dead-letter send fails holds its partition until the send succeeds, then the events behind it are applied', async () => {
    const network = await proxy(broker());
    const deadLetterKafka = createKafka({
      clientId: 'dead-letter-through-proxy',
      brokers: testInfrastructure.kafkaBrokers,
      logger: bus.logger,
      retry: { initialRetryTime: 100, retries: 1, maxRetryTime: 500 },
      socketFactory: through(network),
    });
    const registry = new Registry();
    network.cut();
    bus.relay();
    const consumer = bus.consumer({ registry, deadLetterKafka });
    await consumer.start();
    const [, poisonId] = await bus.write([
      { widgetId: 'p', seq: 1 },
      { widgetId: 'p', seq: 2, poison: true },
      { widgetId: 'p', seq: 3 },
    ]);
    await waitUntil('the event before the poison is applied', async () => (await bus.appliedCount()) === 1);
    await waitUntil('the partition waits at the poison', async () => consumer.waiting().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1],
      'nothing behind the poison is applied while its dead letter cannot be sent',
    );
    network.restore();
    await waitUntil(
      'the events behind the poison are applied',
      async () => (await bus.appliedCount()) === 2,
      30_000,
    );
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1, 3],
    );
    const letters = await readDeadLetters(bus.kafka, bus.deadLetterTopic);
    assert.equal(letters.length, 1);
    assert.equal(letters[0]?.eventId, poisonId);
    assert.equal(await metric(registry, 'events_dead_lettered_total'), 1);
    assert.ok((await metric(registry, 'event_consumer_retry_wait_seconds_total')) > 0);
  });

  it('dead letters of a secret topic keep the envelope without its payload', async () => {
    bus.relay({ secret: true });
    await bus.consumer({ secret: true }).start();
    const [poisonId] = await bus.write([{ widgetId: 's', seq: 1, poison: true }]);
    let letters: Awaited<ReturnType<typeof readDeadLetters>> = [];
    await waitUntil('the poison is dead-lettered', async () => {
      letters = await readDeadLetters(bus.kafka, bus.deadLetterTopic);
      return letters.length === 1;
    });
    assert.equal(letters[0]?.eventId, poisonId);
    assert.equal('payload' in JSON.parse(letters[0]?.value ?? '{}'), false);
    const [row] = await bus.dataSource.query('SELECT count(*)::int AS n FROM outbox_event');
    assert.equal(row.n, 0, 'the secret row left the outbox as soon as it was published');
  });
});
