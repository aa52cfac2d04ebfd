import { randomUUID } from 'node:crypto';
import type { TopicSpec } from '@multimfa/events';
import {
  DATABASE_DEADLINES,
  DeadlineClient,
  type Logger,
  namedStatement,
  PLAN_EACH_CALL,
} from '@multimfa/service-runtime';
import type { Message, Producer } from 'kafkajs';
import pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import { OUTBOX_CHANNEL } from './outbox.service.js';
import { OUTBOX_SHARDS } from './shard.rules.js';

export interface OutboxRelayOptions {
  /** Used for the session that holds the shard locks and reads the outbox. */
  databaseUrl: string;
  producer: Producer;
  logger: Logger;
  registry?: Registry;
  shards?: number;
  batchSize?: number;
  /** How long to wait for a notification before looking anyway. */
  pollIntervalMs?: number;
  /** How often to try to take shards no relay holds (a relay that died frees its shards). */
  acquireIntervalMs?: number;
  /** A relay that has not said it is alive for this long no longer counts when sharing the shards. */
  memberTimeoutMs?: number;
  /**
   * Topics (full names) and how long their published rows stay in the outbox: a topic's broker
   * retention, at most a day; rows of secret topics are deleted as soon as Kafka has them.
   */
  topics?: TopicSpec[];
  /** How long published rows of a topic not in `topics` stay. */
  retentionMs?: number;
  /** How often published rows are pruned. */
  pruneIntervalMs?: number;
  /**
   * How long a relay whose last batch was small (under a tenth of `batchSize`) waits after a
   * notification before it reads, so the rows that commit meanwhile go in the same batch (one read,
   * one send, one mark for them all) rather than one batch per committing transaction (default
   * 10 ms). A relay that is behind, or whose writers commit many rows at once, does not wait.
   */
  lingerMs?: number;
  /**
   * At most this many bytes of messages in one send (default 512 KiB). The broker refuses for good a
   * partition's batch over its limit (1 MiB by default): a backlog of one key's large events sent as
   * one batch would hold every later row back forever.
   */
  maxBatchBytes?: number;
}

/** The envelope as stored (text, sent as is: no parse and re-serialise), with what the headers need. */
interface Row {
  id: string;
  topic: string;
  message_key: string;
  envelope: string;
  event_id: string;
  event_type: string;
  correlation_id: string;
}

const LOCK_CLASS = 'outbox-relay';
/** The next pending rows of the owned shards ($1), in id order, leaving out the ids given ($3). */
const READ = namedStatement(
  'outbox-relay.read',
  `SELECT id, topic, message_key, envelope::text AS envelope, event_id, event_type, correlation_id
     FROM outbox_event
    WHERE published_at IS NULL AND shard = ANY($1::smallint[]) AND NOT (id = ANY($3::bigint[]))
    ORDER BY id LIMIT $2`,
);
const MARK = namedStatement(
  'outbox-relay.mark',
  'UPDATE outbox_event SET published_at = now() WHERE id = ANY($1::bigint[])',
);
const DAY = 24 * 3_600_000;
/** A record's bytes besides its key, value and header values: lengths, header names, timestamps. */
const RECORD_OVERHEAD_BYTES = 100;

/**
 * Publishes the outbox to Kafka, at least once and in order per key. Each shard of keys is held by
 * one relay through a Postgres session lock: replicas run side by side, each shard is published by
 * exactly one of them, and a relay that dies drops its connection, which frees its shards for the
 * others. Relays record that they are alive and each holds its fair part of the shards, handing the
 * extra ones back (between two batches, so a shard's rows are never in flight in two relays). Rows are marked published only after Kafka acknowledged them (acks=all, idempotent
 * producer); a crash in between republishes them, and consumers drop the duplicate by event id.
 */
export class OutboxRelay {
  private readonly shards: number;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly acquireIntervalMs: number;
  private readonly memberTimeoutMs: number;
  private readonly retentionMs: number;
  private readonly pruneIntervalMs: number;
  private readonly lingerMs: number;
  private readonly maxBatchBytes: number;
  private readonly secretTopics: Set<string>;
  private client: pg.Client | undefined;
  /** A second session that marks sent rows while the first reads the next batch. */
  private markClient: pg.Client | undefined;
  /** Rows sent and being marked: left out of the next read until their mark has landed. */
  private marking: { ids: string[]; done: Promise<void> } | undefined;
  private producerConnected = false;
  private readonly owned = new Set<number>();
  private readonly memberId = randomUUID();
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A notification came while the relay was busy: look again at once instead of sleeping. */
  private notified = false;
  /** Rows read while the previous batch was being sent: the next batch to send. */
  private next: Row[] | undefined;
  /** Set while a batch is being sent without a read ahead: a notification starts one. */
  private readAhead: (() => void) | undefined;
  private lastAcquire = 0;
  private lastPrune = 0;
  private lastGauges = 0;
  private readonly metrics: {
    published: Counter;
    backlog: Gauge;
    oldest: Gauge;
    owned: Gauge;
  };

  constructor(private readonly options: OutboxRelayOptions) {
    this.shards = options.shards ?? OUTBOX_SHARDS;
    this.batchSize = options.batchSize ?? 1000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.acquireIntervalMs = options.acquireIntervalMs ?? 5000;
    this.memberTimeoutMs = options.memberTimeoutMs ?? 15_000;
    this.retentionMs = options.retentionMs ?? DAY;
    this.pruneIntervalMs = options.pruneIntervalMs ?? 60_000;
    this.lingerMs = options.lingerMs ?? 10;
    this.maxBatchBytes = options.maxBatchBytes ?? 512 * 1024;
    this.secretTopics = new Set((options.topics ?? []).filter((t) => t.secret).map((t) => t.name));
    const registers = options.registry ? [options.registry] : [];
    this.metrics = {
      published: new Counter({
        name: 'outbox_published_events_total',
        help: 'Events this relay published to Kafka',
        registers,
      }),
      backlog: new Gauge({
        name: 'outbox_backlog_events',
        help: 'Outbox events not yet published',
        registers,
      }),
      oldest: new Gauge({
        name: 'outbox_lag_seconds',
        help: 'Age of the oldest outbox event not yet published',
        registers,
      }),
      owned: new Gauge({
        name: 'outbox_relay_owned_shards',
        help: 'Outbox shards this relay holds',
        registers,
      }),
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    // A send still retrying (broker away) gives up when its producer disconnects; its rows stay
    // unpublished for the next relay.
    if (this.producerConnected) await this.options.producer.disconnect().catch(() => undefined);
    this.producerConnected = false;
    // kafkajs finishes its retries even then: wait a little, not for all of them.
    await Promise.race([this.loop, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    // Rows whose mark is lost would only be sent again; still, a clean stop lets the last mark land.
    await this.settleMarks().catch((error) =>
      this.options.logger.warn(
        { err: error },
        'outbox relay could not mark its last batch; it will resend it',
      ),
    );
    // Leaving is a courtesy: a member row left behind expires with its heartbeat, so a failure is logged.
    await this.client
      ?.query('DELETE FROM outbox_relay_member WHERE member_id = $1', [this.memberId])
      .catch((error) =>
        this.options.logger.warn(
          { err: error },
          'outbox relay could not leave the member list; it will expire',
        ),
      );
    await this.disconnect();
    if (this.producerConnected) await this.options.producer.disconnect().catch(() => undefined);
    this.producerConnected = false;
  }

  /** The shards this relay holds now (for tests and metrics). */
  ownedShards(): number[] {
    return [...this.owned].sort((a, b) => a - b);
  }

  private async run(): Promise<void> {
    let backoff = 0;
    while (this.running) {
      try {
        await this.connect();
        const now = Date.now();
        if (now - this.lastAcquire >= this.acquireIntervalMs || this.owned.size === 0)
          await this.acquireShards();
        const published = await this.publishBatch();
        if (now - this.lastPrune >= this.pruneIntervalMs) await this.prune();
        if (now - this.lastGauges >= 5000) await this.updateGauges();
        backoff = 0;
        if (published < this.batchSize && !this.next) {
          if (!this.notified) {
            await this.settleMarks();
            await this.sleep(this.owned.size ? this.pollIntervalMs : this.acquireIntervalMs);
          }
          // A trickle, and told of new rows: give their neighbours a moment to commit too.
          if (this.notified && this.lingerMs > 0 && published < this.batchSize / 10) await this.linger();
        }
      } catch (error) {
        this.next = undefined;
        // The backoff is waited out even if a notification came before the failure.
        this.notified = false;
        backoff = Math.min(Math.max(200, backoff * 2), 5000);
        this.options.logger.warn(
          { err: error, retryInMs: backoff },
          'outbox relay could not publish; will retry',
        );
        await this.sleep(backoff);
      }
    }
  }

  private async connect(): Promise<void> {
    if (!this.client) {
      const client = this.session('outbox-relay');
      client.on('error', (error) => {
        this.options.logger.warn({ err: error }, 'outbox relay lost its database session');
        void this.disconnect();
      });
      client.on('notification', () => {
        this.notified = true;
        this.wake?.();
        // Lingering, a notification during a send waits for the next pass rather than reading
        // ahead at once (a read ahead per committing transaction is a batch per transaction).
        if (this.lingerMs === 0) this.readAhead?.();
      });
      await client.connect();
      // Marking rows published need not wait for the disk: a mark lost in a database crash only
      // republishes those rows, which consumers skip by event id. Saves a flush per batch.
      await client.query('SET synchronous_commit = off');
      // The read must walk the unpublished rows' index in id order and stop at the batch size. With
      // a row estimate gone stale under a growing backlog, the planner prefers a bitmap scan that
      // reads and sorts every pending row (and never skips the entries marking left dead) on each
      // batch; this session runs only the relay's own queries, none of which gains from one.
      await client.query('SET enable_bitmapscan = off');
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      this.client = client;
    }
    if (!this.markClient) {
      const markClient = this.session('outbox-relay-marks');
      markClient.on('error', (error) => {
        this.options.logger.warn({ err: error }, 'outbox relay lost its marking session');
        void this.disconnect();
      });
      await markClient.connect();
      await markClient.query('SET synchronous_commit = off');
      this.markClient = markClient;
    }
    if (!this.producerConnected) {
      await this.options.producer.connect();
      this.producerConnected = true;
    }
  }

  /**
   * One of the relay's two sessions. Its reads and marks by id arrays run over a table that grows and
   * shrinks, so each call is planned for its ids (`PLAN_EACH_CALL`).
   */
  private session(applicationName: string): DeadlineClient {
    return new DeadlineClient({
      connectionString: this.options.databaseUrl,
      application_name: applicationName,
      ...DATABASE_DEADLINES,
      options: PLAN_EACH_CALL,
    });
  }

  /** Closing the session releases every shard lock it held. */
  private async disconnect(): Promise<void> {
    const client = this.client;
    const markClient = this.markClient;
    this.client = undefined;
    this.markClient = undefined;
    // A mark cut short leaves its rows unpublished: they are sent again, and consumers skip them.
    this.marking = undefined;
    this.next = undefined;
    this.owned.clear();
    this.metrics.owned.set(0);
    await client?.end().catch(() => undefined);
    await markClient?.end().catch(() => undefined);
  }

  /** Waits for the rows in flight to be marked (before shards change hands, and before idling). */
  private async settleMarks(): Promise<void> {
    const marking = this.marking;
    if (!marking) return;
    try {
      await marking.done;
    } finally {
      if (this.marking === marking) this.marking = undefined;
    }
  }

  private async acquireShards(): Promise<void> {
    const client = this.requireClient();
    await client.query(
      `INSERT INTO outbox_relay_member (member_id) VALUES ($1)
       ON CONFLICT (member_id) DO UPDATE SET seen_at = now()`,
      [this.memberId],
    );
    await client.query(`DELETE FROM outbox_relay_member WHERE seen_at < now() - make_interval(secs => $1)`, [
      this.memberTimeoutMs / 1000,
    ]);
    const { rows: members } = await client.query<{ count: string }>(
      'SELECT count(*) FROM outbox_relay_member',
    );
    const fairShare = Math.ceil(this.shards / Math.max(1, Number(members[0]?.count ?? 1)));
    // A shard handed back must have no row whose mark is still on its way, nor any read ahead.
    if (this.owned.size > fairShare) {
      await this.settleMarks();
      this.next = undefined;
    }
    for (const shard of this.ownedShards().slice(fairShare)) {
      await client.query('SELECT pg_advisory_unlock(hashtext($1), $2)', [LOCK_CLASS, shard]);
      this.owned.delete(shard);
    }
    for (let shard = 0; shard < this.shards && this.owned.size < fairShare; shard += 1) {
      if (this.owned.has(shard)) continue;
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1), $2) AS locked',
        [LOCK_CLASS, shard],
      );
      if (rows[0]?.locked) this.owned.add(shard);
    }
    this.lastAcquire = Date.now();
    this.metrics.owned.set(this.owned.size);
  }

  /** Reads the next pending rows of the owned shards, in id order, leaving out the ids given. */
  private async read(skip: string[]): Promise<Row[]> {
    // Cleared before the read: a notification from now on means rows this read may not see.
    this.notified = false;
    const { rows } = await this.requireClient().query<Row>(READ, [[...this.owned], this.batchSize, skip]);
    return rows;
  }

  /**
   * Sends one batch and, while Kafka acknowledges it, reads the next one (kept in `next` for the
   * following call): the read leaves out the rows in flight and those being marked, and is sent
   * only after this batch was acknowledged, so each key's rows still reach Kafka in order.
   */
  private async publishBatch(): Promise<number> {
    if (!this.owned.size) {
      this.notified = false;
      return 0;
    }
    const read = this.next ?? (await this.read(this.marking?.ids ?? []));
    this.next = undefined;
    if (!read.length) return 0;
    // The rows past the byte limit are left for the next read, whose first rows they are: each key's
    // rows still go in order.
    const rows = this.withinBatchBytes(read);

    const byTopic = new Map<string, Message[]>();
    for (const row of rows) {
      const messages = byTopic.get(row.topic) ?? [];
      messages.push({
        key: row.message_key,
        value: row.envelope,
        headers: {
          'event-id': row.event_id,
          'event-type': row.event_type,
          'correlation-id': row.correlation_id,
        },
      });
      byTopic.set(row.topic, messages);
    }
    const ids = rows.map((row) => row.id);
    const sent = this.options.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    // A full or cut batch says more rows are likely waiting; so does a notification since the last
    // read, or one that comes while Kafka has this batch.
    const skip = [...ids, ...(this.marking?.ids ?? [])];
    let next: Promise<Row[]> | undefined;
    const readAhead = () => {
      this.readAhead = undefined;
      next ??= this.read(skip);
      next.catch(() => undefined); // awaited below, or dropped with the failed send
    };
    if (rows.length < read.length || rows.length === this.batchSize || this.notified) readAhead();
    else this.readAhead = readAhead;
    try {
      await sent;
    } catch (error) {
      this.readAhead = undefined;
      // Reconnect on the next pass rather than trusting a producer that just failed.
      this.producerConnected = false;
      await this.options.producer.disconnect().catch(() => undefined);
      // The read ahead is dropped: its rows are read again (after these) on the next pass.
      await next?.catch(() => undefined);
      throw error;
    }
    this.readAhead = undefined;
    // Marked on the second session while this one reads and sends the next batch; one mark in flight.
    await this.settleMarks();
    const done = this.mark(rows);
    done.catch(() => undefined); // surfaced by settleMarks
    this.marking = { ids, done };
    this.metrics.published.inc(rows.length);
    if (next) {
      const ahead = await next;
      if (ahead.length) this.next = ahead;
    }
    return rows.length;
  }

  /** The leading rows whose messages fit in `maxBatchBytes`; at least one. */
  private withinBatchBytes(rows: Row[]): Row[] {
    let bytes = 0;
    for (const [index, row] of rows.entries()) {
      bytes +=
        Buffer.byteLength(row.envelope) +
        Buffer.byteLength(row.message_key) +
        row.event_id.length +
        row.event_type.length +
        Buffer.byteLength(row.correlation_id) +
        RECORD_OVERHEAD_BYTES;
      if (bytes > this.maxBatchBytes && index > 0) return rows.slice(0, index);
    }
    return rows;
  }

  /** Rows of secret topics are deleted once Kafka has them; the others are marked published. */
  private async mark(rows: Row[]): Promise<void> {
    const client = this.markClient;
    if (!client) throw new Error('outbox relay is not connected');
    const secret = rows.filter((row) => this.secretTopics.has(row.topic)).map((row) => row.id);
    const kept = rows.filter((row) => !this.secretTopics.has(row.topic)).map((row) => row.id);
    if (secret.length) await client.query('DELETE FROM outbox_event WHERE id = ANY($1::bigint[])', [secret]);
    if (kept.length) await client.query(MARK, [kept]);
  }

  /** Deletes published rows past their topic's retention, in the shards this relay holds. */
  private async prune(): Promise<void> {
    const client = this.requireClient();
    const shards = [...this.owned];
    const topics = this.options.topics ?? [];
    for (const topic of topics) {
      const cutoff = new Date(Date.now() - Math.min(topic.retentionMs, this.retentionMs));
      await client.query(
        'DELETE FROM outbox_event WHERE topic = $1 AND shard = ANY($2::smallint[]) AND published_at < $3',
        [topic.name, shards, cutoff],
      );
    }
    await client.query(
      `DELETE FROM outbox_event WHERE NOT (topic = ANY($1::text[])) AND shard = ANY($2::smallint[])
          AND published_at < $3`,
      [topics.map((topic) => topic.name), shards, new Date(Date.now() - this.retentionMs)],
    );
    this.lastPrune = Date.now();
  }

  private async updateGauges(): Promise<void> {
    const { rows } = await this.requireClient().query<{ backlog: string; oldest: number | null }>(
      `SELECT count(*) AS backlog, EXTRACT(EPOCH FROM now() - min(created_at)) AS oldest
         FROM outbox_event WHERE published_at IS NULL`,
    );
    this.metrics.backlog.set(Number(rows[0]?.backlog ?? 0));
    this.metrics.oldest.set(Number(rows[0]?.oldest ?? 0));
    this.lastGauges = Date.now();
  }

  private requireClient(): pg.Client {
    if (!this.client) throw new Error('outbox relay is not connected');
    return this.client;
  }

  /** Waits `lingerMs` (short enough for a stop to wait it out). */
  private linger(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.lingerMs));
  }

  private sleep(ms: number): Promise<void> {
    if (this.notified || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
