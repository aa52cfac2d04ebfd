import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { defineEvent, EventCatalogue, TOPICS, type TopicSpec } from '@multimfa/events';
import { testInfrastructure, testLogger } from '@multimfa/service-runtime/testing';
import type { ISocketFactory } from 'kafkajs';
import { Registry } from 'prom-client';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { z } from 'zod';
import { EventConsumer, type EventHandler, handlerKey } from '../consumer/event.consumer.js';
import { PermanentEventFailure } from '../consumer/permanent-event-failure.errors.js';
import { createKafka } from '../kafka/kafka.client.js';
import { ensureTopics } from '../kafka/topics.client.js';
import { eventBusMigrations } from '../outbox/event-bus.migrations.js';
import { OutboxRelay } from '../outbox/outbox.relay.js';
import { Outbox } from '../outbox/outbox.service.js';

/** What a consumer "does" in these tests: one row per applied event, in the order applied. */
class CreateAppliedWidgets1763700000001 implements MigrationInterface {
  name = 'CreateAppliedWidgets1763700000001';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(
      `CREATE TABLE applied_widget (
         applied_order bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         event_id uuid NOT NULL,
         widget_id text NOT NULL,
         seq int NOT NULL
       )`,
    );
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE applied_widget');
  }
}

/** Cuts and restores the network between one Kafka client and the real broker. */
export class NetworkSwitch {
  private down = false;
  private readonly sockets = new Set<Socket>();

  readonly socketFactory: ISocketFactory = ({ host, port, onConnect }) => {
    const socket = connect({ host, port }, onConnect);
    socket.setKeepAlive(true, 1000);
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    if (this.down) setImmediate(() => socket.destroy(new Error('network cut by the test')));
    return socket;
  };

  cut() {
    this.down = true;
    for (const socket of this.sockets) socket.destroy(new Error('network cut by the test'));
  }

  restore() {
    this.down = false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(
  what: string,
  condition: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<number> {
  const began = Date.now();
  while (Date.now() - began < timeoutMs) {
    if (await condition()) return Date.now() - began;
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
}

/**
 * One scenario's world on the real infrastructure: a database of its own with the event-bus tables,
 * its own topics under the run's prefix, and helpers to write events and read what was applied.
 */
export class EventBusHarness {
  readonly logger = testLogger('event-bus');
  readonly topic: TopicSpec = {
    name: 'test.widget.v1',
    partitions: 3,
    retentionMs: 3_600_000,
    description: 'test',
  };
  readonly widgetChanged = defineEvent({
    type: 'test.widget.changed',
    version: 1,
    topic: this.topic,
    payload: z.object({ widgetId: z.string(), seq: z.number().int(), poison: z.boolean().optional() }),
    keyOf: (payload) => payload.widgetId,
  });
  /** The same fact at a later version, as a producer deployed before its consumers publishes it. */
  readonly widgetChangedV2 = defineEvent({
    type: 'test.widget.changed',
    version: 2,
    topic: this.topic,
    payload: z.object({ widgetId: z.string(), seq: z.number().int(), colour: z.string() }),
    keyOf: (payload) => payload.widgetId,
  });
  readonly catalogue = new EventCatalogue([this.widgetChanged, this.widgetChangedV2]);
  readonly outbox = new Outbox(this.prefix);
  readonly deadLetterTopic = `${this.prefix}${TOPICS.deadLetter.name}`;
  readonly kafka = createKafka({
    clientId: 'event-bus-test',
    brokers: testInfrastructure.kafkaBrokers,
    logger: this.logger,
  });
  dataSource!: DataSource;
  private readonly running: Array<{ stop(): Promise<void> }> = [];

  /** `prefix`: another process's harness passes the prefix of the scenario it joins. */
  constructor(
    readonly databaseUrl: string,
    readonly prefix = `${testInfrastructure.topicPrefix}${randomBytes(3).toString('hex')}.`,
  ) {}

  /** Creates the scenario's tables and topics. */
  async setUp(): Promise<void> {
    await this.attach();
    await ensureTopics(this.kafka, [
      { ...this.topic, name: `${this.prefix}${this.topic.name}` },
      { ...TOPICS.deadLetter, name: this.deadLetterTopic },
    ]);
  }

  /** Connects to a scenario another process set up (the tables are already migrated). */
  async attach(): Promise<void> {
    this.dataSource = await new DataSource({
      type: 'postgres',
      url: this.databaseUrl,
      migrations: [...eventBusMigrations, CreateAppliedWidgets1763700000001],
      migrationsRun: true,
    }).initialize();
  }

  async tearDown(): Promise<void> {
    for (const item of this.running.reverse()) await item.stop();
    await this.dataSource?.destroy();
    const admin = this.kafka.admin();
    await admin.connect();
    await admin
      .deleteTopics({ topics: [`${this.prefix}${this.topic.name}`, this.deadLetterTopic] })
      .catch(() => undefined);
    await admin.disconnect();
  }

  /** Writes each event in its own committed transaction (one with a `colour` at version 2). */
  async write(
    events: Array<
      { widgetId: string; seq: number; poison?: boolean } | { widgetId: string; seq: number; colour: string }
    >,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const payload of events) {
      const envelope = await this.dataSource.transaction(
        async (manager): Promise<{ eventId: string }> =>
          'colour' in payload
            ? this.outbox.publish(manager, this.widgetChangedV2, payload)
            : this.outbox.publish(manager, this.widgetChanged, payload),
      );
      ids.push(envelope.eventId);
    }
    return ids;
  }

  relay(
    options: {
      socketFactory?: ISocketFactory;
      registry?: Registry;
      secret?: boolean;
      /** The widget topic's retention, which bounds how long its published rows stay. */
      retentionMs?: number;
      pruneIntervalMs?: number;
      lingerMs?: number;
    } = {},
  ): OutboxRelay {
    const kafka = createKafka({
      clientId: 'event-bus-test-relay',
      brokers: testInfrastructure.kafkaBrokers,
      logger: this.logger,
      retry: { initialRetryTime: 100, retries: 2, maxRetryTime: 1000 },
      ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
    });
    const relay = new OutboxRelay({
      databaseUrl: this.databaseUrl,
      producer: kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false }),
      logger: this.logger,
      pollIntervalMs: 200,
      acquireIntervalMs: 500,
      memberTimeoutMs: 2000,
      topics: [
        {
          ...this.topic,
          name: `${this.prefix}${this.topic.name}`,
          secret: options.secret ?? false,
          ...(options.retentionMs ? { retentionMs: options.retentionMs } : {}),
        },
      ],
      ...(options.registry ? { registry: options.registry } : {}),
      ...(options.pruneIntervalMs ? { pruneIntervalMs: options.pruneIntervalMs } : {}),
      ...(options.lingerMs !== undefined ? { lingerMs: options.lingerMs } : {}),
    });
    relay.start();
    this.running.push(relay);
    return relay;
  }

  consumer(
    options: {
      groupId?: string;
      registry?: Registry;
      /** The consumer's own connection (through a proxy), when not the harness's. */
      dataSource?: DataSource;
      /** Dead letters through another client (one whose network a test cuts). */
      deadLetterKafka?: ReturnType<typeof createKafka>;
      secret?: boolean;
      /** How long applied-event ids are kept. */
      processedRetentionMs?: number;
      commitIntervalMs?: number;
      batchWindowMs?: number;
      /** Also handles version 2 of the widget event (a consumer deployed after its producer). */
      handlesV2?: boolean;
    } = {},
  ): EventConsumer {
    const deadLetterProducer = (options.deadLetterKafka ?? this.kafka).producer();
    this.running.push({ stop: () => deadLetterProducer.disconnect() });
    const topic = `${this.prefix}${this.topic.name}`;
    const consumer = new EventConsumer({
      kafka: this.kafka,
      groupId: options.groupId ?? `${this.prefix}widgets`,
      topics: [topic],
      dataSource: options.dataSource ?? this.dataSource,
      catalogue: this.catalogue,
      handlers: {
        [handlerKey(this.widgetChanged.type, this.widgetChanged.version)]: applyWidget,
        ...(options.handlesV2
          ? { [handlerKey(this.widgetChangedV2.type, this.widgetChangedV2.version)]: applyWidget }
          : {}),
      },
      deadLetterTopic: this.deadLetterTopic,
      producer: deadLetterProducer,
      logger: this.logger,
      retry: { initialMs: 50, maxMs: 1000 },
      registry: options.registry ?? new Registry(),
      secretTopics: new Set(options.secret ? [topic] : []),
      ...(options.processedRetentionMs ? { processedRetentionMs: options.processedRetentionMs } : {}),
      ...(options.commitIntervalMs ? { commitIntervalMs: options.commitIntervalMs } : {}),
      ...(options.batchWindowMs ? { batchWindowMs: options.batchWindowMs } : {}),
    });
    this.running.push(consumer);
    return consumer;
  }

  async applied(): Promise<Array<{ eventId: string; widgetId: string; seq: number }>> {
    const rows: Array<{ event_id: string; widget_id: string; seq: number }> = await this.dataSource.query(
      'SELECT event_id, widget_id, seq FROM applied_widget ORDER BY applied_order',
    );
    return rows.map((row) => ({ eventId: row.event_id, widgetId: row.widget_id, seq: row.seq }));
  }

  async appliedCount(): Promise<number> {
    return (await this.applied()).length;
  }

  /** The offsets a group has committed on the widget topic, summed over its partitions. */
  async committedCount(groupId = `${this.prefix}widgets`): Promise<number> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const [topic] = await admin.fetchOffsets({ groupId, topics: [`${this.prefix}${this.topic.name}`] });
      return (topic?.partitions ?? []).reduce((sum, item) => sum + Math.max(0, Number(item.offset)), 0);
    } finally {
      await admin.disconnect();
    }
  }

  async pendingCount(): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
    );
    return row.n;
  }
}

/** What the test consumers do: one row per applied widget event; a poison widget is refused for good. */
export const applyWidget: EventHandler = async (event, manager) => {
  const payload = event.payload as { widgetId: string; seq: number; poison?: boolean };
  if (payload.poison)
    throw new PermanentEventFailure(`widget ${payload.widgetId}/${payload.seq} cannot be applied`);
  await manager.query('INSERT INTO applied_widget (event_id, widget_id, seq) VALUES ($1, $2, $3)', [
    event.eventId,
    payload.widgetId,
    payload.seq,
  ]);
  return undefined;
};

/** Asserts that, for every widget, the applied sequence numbers are increasing. */
export function inOrderPerKey(applied: Array<{ widgetId: string; seq: number }>): boolean {
  const last = new Map<string, number>();
  for (const { widgetId, seq } of applied) {
    if ((last.get(widgetId) ?? -1) >= seq) return false;
    last.set(widgetId, seq);
  }
  return true;
}

export function events(widgets: string[], perWidget: number, from = 0) {
  const list: Array<{ widgetId: string; seq: number }> = [];
  for (let seq = from; seq < from + perWidget; seq += 1)
    for (const widgetId of widgets) list.push({ widgetId, seq });
  return list;
}
