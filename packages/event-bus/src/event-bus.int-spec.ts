import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { createTestDatabase, dropTestDatabase } from '@multimfa/service-runtime/testing';
import { Registry } from 'prom-client';
import { readDeadLetters } from './dead-letter/dead-letter.client.js';
import { outboxEvent, outboxWriteSql } from './outbox/outbox.service.js';
import {
  EventBusHarness,
  events,
  inOrderPerKey,
  NetworkSwitch,
  waitUntil,
} from './testing/event-bus.harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event backbone against the real broker and database', () => {
  let databaseUrl: string;
  let bus: EventBusHarness;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('event_bus');
  });

  afterAll(async () => {
    await dropTestDatabase(databaseUrl);
  });

  beforeEach(async () => {
    await dropTestDatabase(databaseUrl);
    databaseUrl = await createTestDatabase('event_bus');
    bus = new EventBusHarness(databaseUrl);
    await bus.setUp();
  });

  afterEach(async () => {
    await bus.tearDown();
  });

  it('never publishes an event written in a rolled-back transaction', async () => {
    await assert.rejects(
      bus.dataSource.transaction(async (manager) => {
        await bus.outbox.publish(manager, bus.widgetChanged, { widgetId: 'w1', seq: 1 });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    await bus.write([{ widgetId: 'w1', seq: 2 }]);
    bus.relay();
    await bus.consumer().start();
    await waitUntil('the committed event is applied', async () => (await bus.appliedCount()) === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [2],
    );
    const [row] = await bus.dataSource.query('SELECT count(*)::int AS n FROM outbox_event');
    assert.equal(row.n, 1);
  });

  it('refuses to publish outside a transaction', async () => {
    await assert.rejects(
      bus.outbox.publish(bus.dataSource.manager, bus.widgetChanged, { widgetId: 'w1', seq: 1 }),
      /must run inside the transaction/,
    );
  });

  it("writes a change's event in the change's own statement (outboxWriteSql) only when the change happened, and publishes each once", async () => {
    await bus.dataSource.query('CREATE TABLE widget (widget_id text PRIMARY KEY, seq int NOT NULL)');
    await bus.dataSource.query("INSERT INTO widget (widget_id, seq) VALUES ('w1', 0)");
    const facts = outboxWriteSql(3, 'EXISTS (SELECT 1 FROM changed)');
    const change = `WITH changed AS MATERIALIZED (
        UPDATE widget SET seq = $2 WHERE widget_id = $1 AND seq < $2 RETURNING widget_id),
      ${facts.ctes}
      SELECT EXISTS (SELECT 1 FROM changed) AS changed, ${facts.notify}`;
    const moveTo = async (seq: number) => {
      const { params } = bus.outbox.prepare([outboxEvent(bus.widgetChanged, { widgetId: 'w1', seq })]);
      const [row] = await bus.dataSource.query(change, ['w1', seq, ...params]);
      return row.changed as boolean;
    };
    assert.deepEqual([await moveTo(1), await moveTo(1), await moveTo(2)], [true, false, true]);
    const [row] = await bus.dataSource.query('SELECT count(*)::int AS n FROM outbox_event');
    assert.equal(row.n, 2, 'the move that changed nothing wrote no event');
    bus.relay();
    await bus.consumer().start();
    await waitUntil('both moves are applied', async () => (await bus.appliedCount()) === 2);
    await sleep(500);
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1, 2],
    );
  });

  it('publishes the events of a bulk change (publishAll in one transaction) once each, in the order given per key', async () => {
    const written = events(['b1', 'b2', 'b3'], 40);
    await bus.dataSource.transaction((manager) => bus.outbox.publishAll(manager, bus.widgetChanged, written));
    bus.relay();
    await bus.consumer().start();
    await waitUntil('the bulk change is applied', async () => (await bus.appliedCount()) === written.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const applied = await bus.applied();
    assert.equal(applied.length, written.length);
    assert.equal(new Set(applied.map((event) => event.eventId)).size, written.length);
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order given');
  });

  it('makes a second writer of a key wait for the first one\u2019s commit, so the key\u2019s ids and publication follow commit order', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstPublished: () => void = () => undefined;
    const firstWrote = new Promise<void>((resolve) => {
      firstPublished = resolve;
    });
    const first = bus.dataSource.transaction(async (manager) => {
      await bus.outbox.publish(manager, bus.widgetChanged, { widgetId: 'turns', seq: 1 });
      firstPublished();
      await firstHolds;
    });
    await firstWrote;
    const second = bus.dataSource.transaction((manager) =>
      bus.outbox.publish(manager, bus.widgetChanged, { widgetId: 'turns', seq: 2 }),
    );
    await waitUntil('the second writer waits on the key\u2019s lock', async () => {
      const [row] = await bus.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      );
      return row.n === 1;
    });
    releaseFirst();
    await Promise.all([first, second]);
    const rows = await bus.dataSource.query(
      `SELECT (envelope->'payload'->>'seq')::int AS seq FROM outbox_event ORDER BY id`,
    );
    assert.deepEqual(
      rows.map((row: { seq: number }) => row.seq),
      [1, 2],
    );
    bus.relay();
    await bus.consumer().start();
    await waitUntil('both are applied', async () => (await bus.appliedCount()) === 2);
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1, 2],
    );
  });

  it('delivers events written while the broker is unreachable, in order per key, once it is back', async () => {
    const network = new NetworkSwitch();
    network.cut();
    bus.relay({ socketFactory: network.socketFactory });
    await bus.consumer().start();
    const written = events(['a', 'b', 'c'], 10);
    await bus.write(written);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(await bus.appliedCount(), 0, 'nothing can be delivered while the broker is unreachable');
    assert.equal(await bus.pendingCount(), written.length, 'the events wait in the outbox');

    network.restore();
    const recoveredInMs = await waitUntil(
      'every event is applied',
      async () => (await bus.appliedCount()) === written.length,
    );
    const applied = await bus.applied();
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order they were written');
    assert.equal(await bus.pendingCount(), 0);
    process.stdout.write(
      `# broker back: all ${written.length} events applied ${recoveredInMs} ms after restore\n`,
    );
  });

  it('applies once an event that a relay republished after dying between publish and mark', async () => {
    bus.relay();
    const registry = new Registry();
    await bus.consumer({ registry }).start();
    const ids = await bus.write(events(['a', 'b'], 5));
    await waitUntil('the first delivery is applied', async () => (await bus.appliedCount()) === ids.length);

    // The state a relay leaves when it dies after Kafka acknowledged but before it marked the rows.
    await bus.dataSource.query('UPDATE outbox_event SET published_at = NULL');
    await waitUntil('the duplicates are seen and skipped', async () => {
      const metric = await registry.getSingleMetric('events_duplicate_total')?.get();
      return (metric?.values[0]?.value ?? 0) === ids.length;
    });
    const applied = await bus.applied();
    assert.equal(applied.length, ids.length);
    assert.deepEqual(new Set(applied.map((event) => event.eventId)), new Set(ids));
  });

  it('publishes a backlog of several full batches while writers add more, each row once, in order per key, every row marked', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const backlog = events(keys, 130);
    for (let from = 0; from < backlog.length; from += 500) {
      const slice = backlog.slice(from, from + 500);
      await bus.dataSource.transaction((manager) => bus.outbox.publishAll(manager, bus.widgetChanged, slice));
    }
    const registry = new Registry();
    bus.relay();
    await bus.consumer({ registry }).start();
    // Written while the relay sends the backlog: read ahead of the batch in flight, or on notification.
    const more = events(keys, 10, 130);
    for (let from = 0; from < more.length; from += 20) {
      const slice = more.slice(from, from + 20);
      await bus.dataSource.transaction((manager) => bus.outbox.publishAll(manager, bus.widgetChanged, slice));
    }
    const total = backlog.length + more.length;
    await waitUntil('every event is applied', async () => (await bus.appliedCount()) === total, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const applied = await bus.applied();
    assert.equal(applied.length, total);
    assert.equal(new Set(applied.map((event) => event.eventId)).size, total);
    assert.ok(inOrderPerKey(applied), 'events of one key are applied in the order written');
    const duplicates = await registry.getSingleMetric('events_duplicate_total')?.get();
    assert.ok(duplicates, 'the duplicate counter is registered');
    assert.equal(duplicates.values[0]?.value ?? 0, 0, 'no row was published twice');
    await waitUntil('every row is marked published', async () => (await bus.pendingCount()) === 0);
  });

  it('publishes a backlog of one key larger than the broker takes in one batch, in batches it accepts: every row marked, each once and in order', async () => {
    // 600 events of about 3 KiB for one widget: 1.8 MiB for one partition, past the broker's 1 MiB a batch.
    const colour = 'c'.repeat(3000);
    const payloads = Array.from({ length: 600 }, (_, seq) => ({ widgetId: 'large', seq, colour }));
    await bus.dataSource.transaction((manager) =>
      bus.outbox.publishAll(manager, bus.widgetChangedV2, payloads),
    );
    bus.relay();
    await waitUntil('every row is marked published', async () => (await bus.pendingCount()) === 0, 60_000);

    const seen: number[] = [];
    const reader = bus.kafka.consumer({ groupId: `${bus.prefix}large-reader` });
    await reader.connect();
    try {
      await reader.subscribe({ topics: [`${bus.prefix}${bus.topic.name}`], fromBeginning: true });
      await reader.run({
        eachMessage: async ({ message }) => {
          seen.push(JSON.parse(message.value?.toString('utf8') ?? '{}').payload.seq);
        },
      });
      await waitUntil('the reader holds every event', async () => seen.length >= payloads.length, 30_000);
    } finally {
      await reader.disconnect();
    }
    assert.deepEqual(
      seen,
      payloads.map((payload) => payload.seq),
    );
  });

  it('two relays side by side share the shards and publish each row once, in order per key', async () => {
    const first = bus.relay();
    const second = bus.relay();
    const registry = new Registry();
    await bus.consumer({ registry }).start();
    await waitUntil(
      'the relays share the shards',
      async () => first.ownedShards().length === 8 && second.ownedShards().length === 8,
    );
    assert.deepEqual(
      [...first.ownedShards(), ...second.ownedShards()].sort((a, b) => a - b),
      Array.from({ length: 16 }, (_, i) => i),
    );
    const written = events(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'], 25);
    await Promise.all([bus.write(written.slice(0, 100)), bus.write(written.slice(100))]);
    await waitUntil('every event is applied', async () => (await bus.appliedCount()) === written.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const duplicates =
      (await registry.getSingleMetric('events_duplicate_total')?.get())?.values[0]?.value ?? 0;
    assert.equal(duplicates, 0, 'no row was published twice');
    assert.equal(await bus.appliedCount(), written.length);
  });

  it('moves a poison event (refused for good by its handler) to the dead-letter topic at once and applies the events behind it', async () => {
    bus.relay();
    await bus.consumer().start();
    const [, poisonId] = await bus.write([
      { widgetId: 'p', seq: 1 },
      { widgetId: 'p', seq: 2, poison: true },
      { widgetId: 'p', seq: 3 },
    ]);
    await waitUntil('the events behind the poison are applied', async () => (await bus.appliedCount()) === 2);
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1, 3],
    );
    let letters: Awaited<ReturnType<typeof readDeadLetters>> = [];
    await waitUntil('the poison event is in the dead-letter topic', async () => {
      letters = await readDeadLetters(bus.kafka, bus.deadLetterTopic);
      return letters.length === 1;
    });
    assert.equal(letters[0]?.eventId, poisonId);
    assert.equal(letters[0]?.attempts, 1, 'a permanent failure is not retried');
    assert.match(letters[0]?.error ?? '', /cannot be applied/);
    assert.equal(letters[0]?.originalTopic, `${bus.prefix}${bus.topic.name}`);
  });

  it('holds a partition at a version of a handled event it has no handler for (counted), and applies it and the events behind it, in order, once a consumer with the handler takes over', async () => {
    bus.relay();
    const registry = new Registry();
    const old = bus.consumer({ registry });
    await old.start();
    await bus.write([
      { widgetId: 'v', seq: 1 },
      { widgetId: 'v', seq: 2, colour: 'teal' },
      { widgetId: 'v', seq: 3 },
    ]);
    await waitUntil('the first event is applied', async () => (await bus.appliedCount()) === 1);
    await waitUntil('the unknown version is counted', async () => {
      const metric = await registry.getSingleMetric('event_consumer_unknown_version_total')?.get();
      return (metric?.values[0]?.value ?? 0) >= 1;
    });
    await sleep(1000);
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1],
      'nothing behind the unknown version is applied, and it is not skipped',
    );
    await old.stop();

    await bus.consumer({ handlesV2: true }).start();
    await waitUntil('every event is applied', async () => (await bus.appliedCount()) === 3);
    assert.deepEqual(
      (await bus.applied()).map((event) => event.seq),
      [1, 2, 3],
    );
  });

  it('dead-letters an event whose payload breaks its schema, without retrying it', async () => {
    bus.relay();
    await bus.consumer().start();
    await bus.dataSource.transaction(async (manager) => {
      // A producer on another version of the code: right envelope, wrong payload.
      await manager.query(
        `INSERT INTO outbox_event (event_id, topic, message_key, shard, event_type, correlation_id, envelope)
         VALUES ('00000000-0000-4000-8000-000000000001', $1, 'x', 0, 'test.widget.changed', 'c-00000001', $2)`,
        [
          `${bus.prefix}${bus.topic.name}`,
          JSON.stringify({
            eventId: '00000000-0000-4000-8000-000000000001',
            type: 'test.widget.changed',
            version: 1,
            occurredAt: new Date().toISOString(),
            correlationId: 'c-00000001',
            causationId: null,
            key: 'x',
            payload: { widgetId: 'x', seq: 'not a number' },
          }),
        ],
      );
    });
    await bus.write([{ widgetId: 'x', seq: 2 }]);
    await waitUntil('the valid event behind it is applied', async () => (await bus.appliedCount()) === 1);
    const letters = await readDeadLetters(bus.kafka, bus.deadLetterTopic);
    assert.equal(letters.length, 1);
    assert.equal(letters[0]?.attempts, 1);
    assert.match(letters[0]?.error ?? '', /invalid payload at seq/);
  });

  it('applies a backlog in fewer transactions than events, each event once and in order per key', async () => {
    bus.relay();
    await bus.write(events(['b1', 'b2', 'b3'], 20));
    await waitUntil('the backlog is in Kafka', async () => (await bus.pendingCount()) === 0);
    await bus.consumer().start();
    await waitUntil('the backlog is applied', async () => (await bus.appliedCount()) === 60);
    const applied = await bus.applied();
    assert.equal(new Set(applied.map((event) => event.eventId)).size, 60, 'each event applied once');
    assert.ok(inOrderPerKey(applied));
    const [row] = await bus.dataSource.query(
      'SELECT count(DISTINCT xmin::text)::int AS transactions FROM applied_widget',
    );
    assert.ok(row.transactions < 60, `${row.transactions} transactions for 60 events`);
  });

  /** Writes 100 one-event transactions of `widget`, `pauseMs` apart; all applied, each once, in order. */
  async function trickleAppliedOnceInOrder(widget: string, pauseMs: number): Promise<void> {
    for (let seq = 0; seq < 100; seq += 1) {
      await bus.write(events([widget], 1, seq));
      await sleep(pauseMs);
    }
    await waitUntil('the trickle is applied', async () => (await bus.appliedCount()) === 100);
    const applied = await bus.applied();
    assert.equal(new Set(applied.map((event) => event.eventId)).size, 100, 'each event applied once');
    assert.deepEqual(
      applied.map((event) => event.seq),
      Array.from({ length: 100 }, (_, seq) => seq),
      'in the order written',
    );
  }

  it('a relay that is not behind publishes a trickle of one-event transactions in fewer batches than transactions, each once and in order', async () => {
    bus.relay({ lingerMs: 20 });
    await bus.consumer().start();
    // 100 transactions of one event each, one every few milliseconds.
    await trickleAppliedOnceInOrder('l1', 3);
    // Each batch is marked in one statement: its rows share the statement's published_at.
    const [row] = await bus.dataSource.query(
      'SELECT count(DISTINCT published_at)::int AS batches FROM outbox_event WHERE published_at IS NOT NULL',
    );
    assert.ok(row.batches <= 50, `${row.batches} batches for 100 transactions`);
  });

  it('a batching group applies a steady trickle of events in one transaction per window, each once and in order', async () => {
    bus.relay();
    await bus.consumer({ batchWindowMs: 500 }).start();
    // One event every 20 ms for 2 s: a group that answers each fetch at its first event applies them
    // about one transaction apiece; with a 500 ms window, a handful of transactions hold them all.
    await trickleAppliedOnceInOrder('t1', 20);
    const [row] = await bus.dataSource.query(
      'SELECT count(DISTINCT xmin::text)::int AS transactions FROM applied_widget',
    );
    assert.ok(row.transactions <= 12, `${row.transactions} transactions for 100 events over about 3 s`);
  });

  it("commits the group's progress once per interval rather than once per batch, the tail of it while idle", async () => {
    const registry = new Registry();
    bus.relay();
    await bus.consumer({ registry }).start();
    const started = Date.now();
    for (let seq = 0; seq < 20; seq += 1) {
      await bus.write(events(['c1'], 1, seq));
      await waitUntil(`event ${seq} is applied`, async () => (await bus.appliedCount()) === seq + 1);
    }
    const seconds = (Date.now() - started) / 1000;
    await waitUntil('the last of it is committed', async () => (await bus.committedCount()) === 20);
    const commits =
      (await registry.getSingleMetric('event_consumer_offset_commits_total')?.get())?.values ?? [];
    const total = commits.reduce((sum, value) => sum + value.value, 0);
    assert.ok(total >= 1, 'the commits are counted');
    assert.ok(total <= Math.ceil(seconds) + 2, `${total} commits for 20 batches in ${seconds.toFixed(1)} s`);
  });

  it('commits what it applied when it stops, before its interval comes', async () => {
    bus.relay();
    const consumer = bus.consumer({ commitIntervalMs: 600_000 });
    await consumer.start();
    await bus.write(events(['s1', 's2'], 5));
    await waitUntil('the events are applied', async () => (await bus.appliedCount()) === 10);
    assert.equal(await bus.committedCount(), 0, 'nothing committed before the interval');
    await consumer.stop();
    assert.equal(await bus.committedCount(), 10);
  });

  it('resumes without loss when a consumer is restarted mid-stream', async () => {
    bus.relay();
    const first = bus.consumer();
    await first.start();
    await bus.write(events(['r1', 'r2'], 10));
    await waitUntil('part of the stream is applied', async () => (await bus.appliedCount()) >= 5);
    await first.stop();
    await bus.write(events(['r1', 'r2'], 10, 10));
    const second = bus.consumer();
    await second.start();
    await waitUntil('the whole stream is applied', async () => (await bus.appliedCount()) === 40);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const applied = await bus.applied();
    assert.equal(applied.length, 40);
    assert.equal(new Set(applied.map((event) => event.eventId)).size, 40, 'each event applied once');
    assert.ok(inOrderPerKey(applied));
  });

  it("prunes published outbox rows past their topic's retention and keeps the younger ones", async () => {
    const [oldest, ...younger] = await bus.write([
      { widgetId: 'p', seq: 1 },
      { widgetId: 'p', seq: 2 },
      { widgetId: 'q', seq: 1 },
    ]);
    bus.relay({ retentionMs: 60_000, pruneIntervalMs: 200 });
    await waitUntil('all three are published', async () => {
      const [row] = await bus.dataSource.query(
        'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NOT NULL',
      );
      return row.n === 3;
    });
    await bus.dataSource.query(
      `UPDATE outbox_event SET published_at = now() - interval '2 minutes' WHERE event_id = $1`,
      [oldest],
    );
    await waitUntil('the row past retention is pruned', async () => {
      const rows = await bus.dataSource.query('SELECT event_id FROM outbox_event');
      return rows.length === 2;
    });
    const kept = await bus.dataSource.query('SELECT event_id FROM outbox_event ORDER BY id');
    assert.deepEqual(
      kept.map((row: { event_id: string }) => row.event_id),
      younger,
    );
  });

  it("deletes a secret topic's outbox rows once Kafka has them", async () => {
    bus.relay({ secret: true });
    await bus.consumer({ secret: true }).start();
    await bus.write([
      { widgetId: 's', seq: 1 },
      { widgetId: 's', seq: 2 },
    ]);
    await waitUntil('both are applied', async () => (await bus.appliedCount()) === 2);
    await waitUntil('no row of the secret topic is left', async () => {
      const [row] = await bus.dataSource.query('SELECT count(*)::int AS n FROM outbox_event');
      return row.n === 0;
    });
  });

  it('prunes applied-event ids older than the retention while it applies events', async () => {
    const stale = '00000000-0000-4000-8000-0000000000aa';
    await bus.dataSource.query(
      `INSERT INTO processed_event (consumer_group, event_id, processed_at)
       VALUES ($1, $2, now() - interval '2 hours')`,
      [`${bus.prefix}widgets`, stale],
    );
    bus.relay();
    await bus.consumer({ processedRetentionMs: 3_600_000 }).start();
    const [fresh] = await bus.write([{ widgetId: 'r', seq: 1 }]);
    await waitUntil('the new event is applied', async () => (await bus.appliedCount()) === 1);
    await waitUntil('the stale id is pruned', async () => {
      const rows = await bus.dataSource.query('SELECT event_id FROM processed_event WHERE event_id = $1', [
        stale,
      ]);
      return rows.length === 0;
    });
    const rows = await bus.dataSource.query('SELECT event_id FROM processed_event');
    assert.deepEqual(
      rows.map((row: { event_id: string }) => row.event_id),
      [fresh],
    );
  });
});
