import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { Readiness } from '@multimfa/service-runtime';
import {
  createTestDatabase,
  dropTestDatabase,
  TcpProxy,
  testInfrastructure,
} from '@multimfa/service-runtime/testing';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { ISocketFactory } from 'kafkajs';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { waitingIndicator } from '../consumer/event.consumer.js';
import { readDeadLetters, readTopic } from '../dead-letter/dead-letter.client.js';
import { createKafka } from '../kafka/kafka.client.js';
import { OUTBOX_SHARDS } from '../outbox/shard.rules.js';
import { EventBusHarness, events, inOrderPerKey, waitUntil } from '../testing/event-bus.harness.js';

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

/** The compiled child script that runs a relay or a consumer in a process the test can SIGKILL. */
const faultProcess = new URL('../../dist/testing/fault-process.cli.js', import.meta.url);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const broker = () => {
  const [host, port] = (testInfrastructure.kafkaBrokers[0] ?? '127.0.0.1:24092').split(':');
  return { host: host ?? '127.0.0.1', port: Number(port) };
};

describe('event backbone under real faults (real broker and PostgreSQL, TCP proxies that cut)', () => {
  let databaseUrl: string;
  let bus: EventBusHarness;
  const proxies: TcpProxy[] = [];
  const children: ChildProcess[] = [];

  async function proxy(target: { host: string; port: number }): Promise<TcpProxy> {
    const created = new TcpProxy(target);
    await created.start();
    proxies.push(created);
    return created;
  }

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('event_bus_faults');
  });

  afterAll(async () => {
    await dropTestDatabase(databaseUrl);
  });

  beforeEach(async () => {
    await dropTestDatabase(databaseUrl);
    databaseUrl = await createTestDatabase('event_bus_faults');
    bus = new EventBusHarness(databaseUrl);
    await bus.setUp();
  });

  /**
   * Waits until `expected` events are applied, lets a second pass for late duplicates, then asserts
   * nothing lost, nothing applied twice, and per-key order.
   */
  async function appliedOnceEachInOrder(expected: number) {
    await waitUntil('every event is applied', async () => (await bus.appliedCount()) === expected, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const applied = await bus.applied();
    assert.equal(applied.length, expected, 'nothing lost, nothing applied twice');
    assert.equal(new Set(applied.map((event) => event.eventId)).size, expected);
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order written');
  }

  /** Starts a relay or a consumer of this scenario in a child process; resolves once it runs. */
  async function spawnProcess(role: 'relay' | 'consumer'): Promise<ChildProcess> {
    const child = fork(faultProcess, [role, databaseUrl, bus.prefix], { stdio: 'inherit' });
    children.push(child);
    const [message] = await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(([code]) => {
        throw new Error(`the ${role} process exited (${code}) before it was ready`);
      }),
    ]);
    assert.equal(message, 'ready');
    return child;
  }

  async function killHard(child: ChildProcess): Promise<void> {
    const exited = once(child, 'exit');
    process.kill(child.pid as number, 'SIGKILL');
    const [, signal] = await exited;
    assert.equal(signal, 'SIGKILL');
  }

  /** Writes the events in slices of ten committed transactions, 20 ms apart: a stream, not a burst. */
  async function writeSteadily(list: Array<{ widgetId: string; seq: number }>): Promise<void> {
    for (let i = 0; i < list.length; i += 10) {
      await bus.write(list.slice(i, i + 10));
      await sleep(20);
    }
  }

  /** Shard locks held now by relay sessions on this scenario's database. */
  async function relayShardLocks(): Promise<number> {
    const [row] = await bus.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = 'outbox-relay'
          AND a.datname = current_database()`,
    );
    return row.n;
  }

  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) await killHard(child);
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
    await waitUntil('the proxy cut the connection mid-request', async () => network.cuts > 0, 10_000);
    assert.ok((await bus.pendingCount()) > 0, 'events were still waiting to be published when the cut came');
    network.restore();
    await appliedOnceEachInOrder(written.length + 1);
    assert.equal(await bus.pendingCount(), 0);
  });

  it('the broker wrote a batch but its acknowledgement was lost: the relay sends it again until acknowledged, each event applied once (every extra copy skipped), order per key kept', async () => {
    const network = await proxy(broker());
    const registry = new Registry();
    const relayRegistry = new Registry();
    bus.relay({ socketFactory: through(network), registry: relayRegistry });
    await bus.consumer({ registry }).start();
    await bus.write(events(['a'], 1));
    await waitUntil('the relay is connected', async () => (await bus.appliedCount()) === 1);

    network.swallowAnswers();
    const written = events(['k1', 'k2', 'k3'], 20, 1);
    // One transaction, so the relay reads the whole batch at once and sends it in one request.
    await bus.dataSource.transaction((manager) => bus.outbox.publishAll(manager, bus.widgetChanged, written));
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
    await waitUntil(
      'the relay sent the batch again and heard back',
      async () => (await bus.pendingCount()) === 0,
      60_000,
    );
    assert.equal(
      await metric(relayRegistry, 'outbox_published_events_total'),
      written.length + 1,
      'the relay counts each event once, when its send was acknowledged',
    );
    // Every copy the broker holds beyond one per event reaches the consumer and is skipped by its id.
    const copies = (await readTopic(bus.kafka, `${bus.prefix}${bus.topic.name}`)).length;
    await waitUntil(
      'every extra copy reached the consumer',
      async () => (await metric(registry, 'events_duplicate_total')) === copies - (written.length + 1),
    );
    const applied = await bus.applied();
    assert.equal(applied.length, written.length + 1, 'each event applied once');
    assert.equal(new Set(applied.map((event) => event.eventId)).size, applied.length);
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order written');
    process.stdout.write(`${copies} copies on the topic for ${written.length + 1} events\n`);
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
    const readiness = new Readiness(new HealthIndicatorService(), []);
    readiness.registerDegraded(waitingIndicator(consumer));
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
      const during30s = readiness.degradedReasons();
      assert.ok(during30s['event-consumers'], 'readiness reads degraded while partitions wait');
      assert.match(during30s['event-consumers'] ?? '', /partition\(s\) waiting to retry/);
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
      assert.deepEqual(readiness.degradedReasons(), {}, 'no longer degraded once nothing waits');
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

  it('a relay process killed with SIGKILL mid-stream: a second relay takes over its shards, nothing lost, each event applied once, order per key kept', async () => {
    const registry = new Registry();
    await bus.consumer({ registry }).start();
    const first = await spawnProcess('relay');
    const written = events(['r1', 'r2', 'r3', 'r4', 'r5', 'r6'], 150);
    const writing = writeSteadily(written);
    await waitUntil('the relay process is publishing', async () => (await bus.appliedCount()) >= 150);
    assert.equal(await relayShardLocks(), OUTBOX_SHARDS, 'the relay process holds every shard');

    await killHard(first);
    const appliedAtKill = await bus.appliedCount();
    assert.ok(appliedAtKill < written.length, 'the relay was killed in the middle of the stream');
    await waitUntil(
      "the dead relay's session ended, freeing its shards",
      async () => (await relayShardLocks()) === 0,
    );
    // Rows it marked are never sent again; every other row (sent but not marked, or not sent) is the second's.
    const [marked] = await bus.dataSource.query(
      'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NOT NULL',
    );
    const relayRegistry = new Registry();
    const second = bus.relay({ registry: relayRegistry });
    await waitUntil(
      "the second relay holds the dead relay's shards",
      async () => second.ownedShards().length === OUTBOX_SHARDS,
      20_000,
    );
    await writing;
    await appliedOnceEachInOrder(written.length);
    assert.equal(await bus.pendingCount(), 0);
    assert.equal(await metric(registry, 'events_applied_total'), written.length, 'each event applied once');
    assert.equal(
      await metric(relayRegistry, 'outbox_published_events_total'),
      written.length - marked.n,
      'the second relay published exactly what the first had not marked',
    );
    process.stdout.write(
      `applied before the kill ${appliedAtKill}, republished and skipped as duplicates ${await metric(registry, 'events_duplicate_total')}\n`,
    );
  });

  it('a consumer process killed with SIGKILL mid-stream and restarted: each event applied once, order per key kept', async () => {
    bus.relay();
    const first = await spawnProcess('consumer');
    const written = events(['c1', 'c2', 'c3', 'c4', 'c5', 'c6'], 150);
    const writing = writeSteadily(written);
    await waitUntil('the consumer process is applying', async () => (await bus.appliedCount()) >= 150);

    await killHard(first);
    const appliedAtKill = await bus.appliedCount();
    assert.ok(appliedAtKill < written.length, 'the consumer was killed in the middle of the stream');
    await sleep(500);
    assert.equal(await bus.appliedCount(), appliedAtKill, 'nothing is applied while no consumer runs');

    const restartedAt = Date.now();
    await spawnProcess('consumer');
    await waitUntil(
      'the restarted consumer applies events',
      async () => (await bus.appliedCount()) > appliedAtKill,
    );
    const restartToFirstMs = Date.now() - restartedAt;
    await writing;
    await appliedOnceEachInOrder(written.length);
    const [processed] = await bus.dataSource.query('SELECT count(*)::int AS n FROM processed_event');
    assert.equal(processed.n, written.length, 'each event recorded as processed once');
    process.stdout.write(
      `applied before the kill ${appliedAtKill}; restart (process start) to first applied event ${restartToFirstMs} ms\n`,
    );
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
