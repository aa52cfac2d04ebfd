import { type EventCatalogue, type EventEnvelope, envelopeSchema } from '@multimfa/events';
import {
  type Logger,
  namedStatement,
  sharedCounter,
  sharedGauge,
  withCorrelationId,
} from '@multimfa/service-runtime';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { Counter, Gauge, Registry } from 'prom-client';
import type { DataSource, EntityManager } from 'typeorm';
import { deadLetterHeaders } from '../dead-letter/dead-letter.client.js';
import { PermanentEventFailure } from './permanent-event-failure.errors.js';

/** Records a run's event ids for the group; answers the ids not seen before. */
const RECORD_RUN = namedStatement(
  'consumer.record-run',
  `INSERT INTO processed_event (consumer_group, event_id) SELECT $1, unnest($2::uuid[])
   ON CONFLICT DO NOTHING RETURNING event_id`,
);
/** Records one event id for the group; answers it if it was not seen before. */
const RECORD_ONE = namedStatement(
  'consumer.record-one',
  `INSERT INTO processed_event (consumer_group, event_id) VALUES ($1, $2)
   ON CONFLICT DO NOTHING RETURNING event_id`,
);
/**
 * Applies one event inside the transaction that records it as applied. It may return work to run
 * once that transaction has committed (enqueueing a job for a row it wrote); that work is not
 * retried by the consumer, so the service must be able to redo it from the committed rows.
 */
export type EventHandler = (event: EventEnvelope, manager: EntityManager) => Promise<AfterCommit | undefined>;
export type AfterCommit = () => Promise<void>;

/** The key handlers are registered under: an event type at one version. */
export const handlerKey = (type: string, version: number) => `${type}@${version}`;

export interface EventConsumerOptions {
  kafka: Kafka;
  /** The consumer group: one per service and topic; an event is applied once per group. */
  groupId: string;
  /** Full topic names (with the deployment's prefix). */
  topics: string[];
  dataSource: DataSource;
  catalogue: EventCatalogue;
  /** Handlers by `handlerKey(type, version)`; events of other types on these topics are skipped. */
  handlers: Record<string, EventHandler>;
  /** Where poison goes: invalid events, and events a handler refused with `PermanentEventFailure`. */
  deadLetterTopic: string;
  producer: Producer;
  logger: Logger;
  registry?: Registry;
  /** Topics whose payloads are secrets: their dead letters keep the envelope without the payload. */
  secretTopics?: ReadonlySet<string>;
  /** Backoff of a failing event: doubles from `initialMs` up to `maxMs`, for as long as it fails. */
  retry?: { initialMs?: number; maxMs?: number };
  /** Applied-event ids are kept this long (the longest retention of the topics), then pruned. */
  processedRetentionMs?: number;
  /** How often the group's progress is committed to Kafka (default 1000 ms). */
  commitIntervalMs?: number;
  /**
   * For a group that may lag by this much: each fetch waits up to this long for events to gather
   * (the broker answers early only once BATCH_MIN_BYTES are there), so a steady stream is applied in
   * one transaction per window rather than one per event. Without it a fetch answers at the first event.
   */
  batchWindowMs?: number;
}

/** What a batching group's fetch waits to gather before its window ends (1 MiB: rarely reached). */
const BATCH_MIN_BYTES = 1024 * 1024;

type Outcome = 'done' | 'wait';

/** A valid event of a batch, with its handler, in a run applied in one transaction. */
interface RunEvent {
  message: KafkaMessage;
  event: EventEnvelope;
  handler: EventHandler;
  correlationId: string | undefined;
}

/** The most events one transaction applies. */
const MAX_RUN = 100;

interface Waiting {
  offset: string;
  attempts: number;
  since: number;
  timer: NodeJS.Timeout;
}

/**
 * A readiness indicator (`Readiness.registerDegraded`) that reads "degraded" while any of the
 * consumers holds a partition at a failed event, waiting out an outage.
 */
export function waitingIndicator(consumers: { waiting(): ReturnType<EventConsumer['waiting']> }) {
  return {
    name: 'event-consumers',
    degraded: (): string | undefined => {
      const waiting = consumers.waiting();
      if (!waiting.length) return undefined;
      const longest = Math.max(...waiting.map((wait) => wait.waitingMs));
      return `${waiting.length} partition(s) waiting to retry an event (longest ${Math.round(longest / 1000)} s)`;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PRUNE_EVERY_MS = 10 * 60_000;
/** How long a stop waits for its last commit. */
const COMMIT_AT_STOP_MS = 3000;

/** The next offset to read on one partition, applied but not yet committed to Kafka. */
interface Progress {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Runs a consumer group. Each event is validated (envelope, then payload against its schema) and
 * applied at most once per group by recording its id in the same transaction as its effect. The
 * valid events of a fetched batch share one transaction (up to MAX_RUN); when it fails they are
 * applied one by one, each in its own, so the rules below hold event by event.
 *
 * Failures are told apart. Poison (an invalid envelope or payload, or a handler's
 * `PermanentEventFailure`) goes to the dead-letter topic at once and the events behind it go on.
 * Anything else (database, Redis, a called service, a timeout, the dead-letter send itself) is an
 * outage: the partition is paused at the failed event and retried with capped exponential backoff
 * for as long as it takes, so nothing behind it on that partition is applied first (per-key order
 * holds) and other partitions go on. The waiting time is counted in
 * `event_consumer_retry_wait_seconds_total`; `waiting()` lists the partitions held now.
 *
 * Progress is committed to Kafka once per `commitIntervalMs`, not after every batch (kafkajs' own
 * auto-commit sends one OffsetCommit per fetched batch, which under a steady trickle of events is one
 * per event and group), and once more when the consumer stops. The applied-event ids are what keeps
 * an event from being applied twice; an offset not yet committed when a member dies only has its
 * events delivered again, and skipped.
 */
export class EventConsumer {
  private consumer: Consumer | undefined;
  private running = false;
  private starting: Promise<void> | undefined;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly held = new Map<string, Waiting>();
  private lastPrune = 0;
  private readonly commitIntervalMs: number;
  /** Applied progress per partition (`topic/partition`) not yet committed. */
  private readonly progress = new Map<string, Progress>();
  private commitTimer: NodeJS.Timeout | undefined;
  private committing: Promise<void> | undefined;
  private readonly metrics: {
    applied: Counter;
    commits: Counter;
    duplicates: Counter;
    deadLettered: Counter;
    retryWait: Counter;
    waitingPartitions: Gauge;
    unknownVersions: Counter;
  };
  /** The event types some handler here takes, at some version. */
  private readonly handledTypes: Set<string>;

  constructor(private readonly options: EventConsumerOptions) {
    this.initialBackoffMs = options.retry?.initialMs ?? 200;
    this.maxBackoffMs = options.retry?.maxMs ?? 30_000;
    this.commitIntervalMs = options.commitIntervalMs ?? 1000;
    this.handledTypes = new Set(
      Object.keys(options.handlers).map((key) => key.slice(0, key.lastIndexOf('@'))),
    );
    const labelNames = ['group'] as const;
    const { registry } = options;
    this.metrics = {
      applied: sharedCounter(registry, { name: 'events_applied_total', help: 'Events applied', labelNames }),
      commits: sharedCounter(registry, {
        name: 'event_consumer_offset_commits_total',
        help: "Commits of the group's progress to Kafka",
        labelNames,
      }),
      duplicates: sharedCounter(registry, {
        name: 'events_duplicate_total',
        help: 'Events received again and skipped',
        labelNames,
      }),
      deadLettered: sharedCounter(registry, {
        name: 'events_dead_lettered_total',
        help: 'Events moved to the dead-letter topic',
        labelNames,
      }),
      retryWait: sharedCounter(registry, {
        name: 'event_consumer_retry_wait_seconds_total',
        help: 'Time partitions spent paused, waiting to retry an event that failed for a passing reason',
        labelNames,
      }),
      unknownVersions: sharedCounter(registry, {
        name: 'event_consumer_unknown_version_total',
        help: 'Events of a type this group handles at a version it has no handler for: their partition waits',
        labelNames: ['group', 'event'],
      }),
      waitingPartitions: sharedGauge(registry, {
        name: 'event_consumer_waiting_partitions',
        help: 'Partitions paused now, waiting to retry their first event',
        labelNames,
      }),
    };
  }

  /** The partitions held at a failed event now, with how long they have waited. */
  waiting(): Array<{ partition: string; offset: string; attempts: number; waitingMs: number }> {
    return [...this.held].map(([partition, wait]) => ({
      partition,
      offset: wait.offset,
      attempts: wait.attempts,
      waitingMs: Date.now() - wait.since,
    }));
  }

  /** Resolves once the group has joined; keeps retrying a broker that is not ready yet. */
  start(): Promise<void> {
    if (this.starting) return this.starting;
    this.running = true;
    this.starting = this.startWithRetry();
    return this.starting;
  }

  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.commitTimer);
    this.commitTimer = undefined;
    // What was applied is committed before leaving (a new member would otherwise receive it again),
    // but a broker out of reach does not hold the shutdown: what stays uncommitted is delivered
    // again, and skipped.
    await Promise.race([
      this.commit(),
      new Promise((resolve) => setTimeout(resolve, COMMIT_AT_STOP_MS).unref()),
    ]);
    for (const wait of this.held.values()) clearTimeout(wait.timer);
    this.held.clear();
    this.metrics.waitingPartitions.set({ group: this.options.groupId }, 0);
    // Disconnecting a consumer that is still joining makes its start give up at once.
    await this.consumer?.disconnect().catch(() => undefined);
    // A start that was still joining gives up here; that is the stop working, so it is only noted.
    await this.starting?.catch((error) =>
      this.options.logger.debug({ err: error, group: this.options.groupId }, 'start given up while stopping'),
    );
    await this.consumer?.disconnect().catch(() => undefined);
    this.consumer = undefined;
    this.starting = undefined;
    this.progress.clear();
  }

  private async startWithRetry(): Promise<void> {
    let delay = 250;
    while (this.running) {
      const consumer = this.options.kafka.consumer({
        groupId: this.options.groupId,
        allowAutoTopicCreation: false,
        // A member that died unclean is dropped after 6 s (the broker's minimum), and a rebalance
        // waits at most 10 s for the others (kafkajs' default of 60 s made restarts take 22-40 s).
        sessionTimeout: 6000,
        heartbeatInterval: 1000,
        rebalanceTimeout: 10_000,
        // A resumed partition is fetched within a second (a batching group's window, if shorter) even
        // when the others are idle.
        maxWaitTimeInMs: Math.min(this.options.batchWindowMs ?? 1000, 1000),
        ...(this.options.batchWindowMs ? { minBytes: BATCH_MIN_BYTES } : {}),
        retry: { retries: 10, initialRetryTime: 250, maxRetryTime: 5000 },
      });
      this.consumer = consumer;
      try {
        await consumer.connect();
        await consumer.subscribe({ topics: this.options.topics, fromBeginning: true });
        const joined = new Promise<void>((resolve) => {
          const off = consumer.on(consumer.events.GROUP_JOIN, () => {
            off();
            resolve();
          });
        });
        // Partitions handed to another member: their progress is that member's to commit now.
        consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => this.keepAssigned(payload.memberAssignment));
        // Every commit this member makes, whoever asked for it.
        consumer.on(consumer.events.COMMIT_OFFSETS, () =>
          this.metrics.commits.inc({ group: this.options.groupId }),
        );
        await consumer.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          eachBatch: (payload) => this.handleBatch(payload),
        });
        this.commitTimer ??= setInterval(() => void this.commit(), this.commitIntervalMs);
        this.commitTimer.unref();
        await Promise.race([joined, this.stopped(consumer)]);
        return;
      } catch (error) {
        // Typically the group coordinator is still loading right after the broker started.
        this.options.logger.warn(
          { err: error, group: this.options.groupId, retryInMs: delay },
          'consumer start failed',
        );
        await consumer.disconnect().catch(() => undefined);
        if (!this.running) return;
        await sleep(delay);
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  /** Resolves when the consumer stops (so a start that never joins does not hang a shutdown). */
  private stopped(consumer: Consumer): Promise<void> {
    return new Promise((resolve) => {
      const off = consumer.on(consumer.events.STOP, () => {
        off();
        resolve();
      });
    });
  }

  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, heartbeat, isRunning, isStale, pause } = payload;
    const { topic, partition } = batch;
    const { messages } = batch;
    let next = 0;
    /** Events of a run whose transaction failed, left to apply one by one. */
    let singly = 0;
    while (next < messages.length) {
      if (!isRunning() || isStale()) return;
      // Consecutive valid events go in one transaction when there are several (a consumer that fell
      // behind catches up with one commit per batch, not one per event). If that transaction fails,
      // they are applied one by one below, so a failing event is told apart as it always was.
      const run = singly > 0 ? [] : this.validRun(topic, messages.slice(next, next + MAX_RUN));
      if (run.length > 1) {
        if (await this.applyRun(run)) {
          this.release(topic, partition);
          this.resolve(payload, run.at(-1)?.message.offset as string);
          next += run.length;
        } else singly = run.length;
      } else {
        const message = messages[next] as KafkaMessage;
        const outcome = await this.handle(topic, partition, message);
        if (outcome === 'wait') {
          this.hold(topic, partition, message.offset, pause);
          return;
        }
        this.release(topic, partition);
        this.resolve(payload, message.offset);
        next += 1;
        singly = Math.max(0, singly - 1);
      }
      await heartbeat();
    }
    await this.pruneIfDue();
  }

  /** Marks the batch applied up to `offset`: kafkajs fetches on from there, and it is committed soon. */
  private resolve(payload: EachBatchPayload, offset: string): void {
    const { topic, partition } = payload.batch;
    payload.resolveOffset(offset);
    this.progress.set(`${topic}/${partition}`, {
      topic,
      partition,
      offset: (BigInt(offset) + 1n).toString(),
    });
  }

  /** Commits the progress applied since the last commit; what fails to commit waits for the next one. */
  private commit(): Promise<void> {
    this.committing ??= this.commitProgress().finally(() => {
      this.committing = undefined;
    });
    return this.committing;
  }

  private async commitProgress(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer || !this.progress.size) return;
    const pending = [...this.progress.values()];
    this.progress.clear();
    try {
      await consumer.commitOffsets(pending);
    } catch (error) {
      // Put back unless newer progress came meanwhile; a rebalance drops what is no longer ours.
      for (const item of pending) {
        const key = `${item.topic}/${item.partition}`;
        if (!this.progress.has(key)) this.progress.set(key, item);
      }
      this.options.logger.debug({ err: error, group: this.options.groupId }, 'offset commit failed; retried');
    }
  }

  private keepAssigned(assignment: Record<string, number[]>): void {
    for (const [key, item] of this.progress)
      if (!assignment[item.topic]?.includes(item.partition)) this.progress.delete(key);
  }

  /** The leading events of `messages` that are valid and handled here (an empty run stops at poison). */
  private validRun(topic: string, messages: KafkaMessage[]): RunEvent[] {
    const run: RunEvent[] = [];
    for (const message of messages) {
      let event: EventEnvelope;
      try {
        event = this.validate(message.value?.toString('utf8') ?? '');
      } catch {
        break;
      }
      const handler = this.options.handlers[handlerKey(event.type, event.version)];
      if (!handler) break;
      run.push({ message, event, handler, correlationId: message.headers?.['correlation-id']?.toString() });
    }
    if (run.length > 1) this.options.logger.debug({ topic, events: run.length }, 'applying a run of events');
    return run;
  }

  /**
   * Applies the run in one transaction that records every event id (a redelivered one is skipped),
   * each handler in its event's correlation id, then runs their after-commit work in order. False
   * when the transaction failed: nothing of it was applied.
   */
  private async applyRun(run: RunEvent[]): Promise<boolean> {
    let applied: Array<{ event: EventEnvelope; afterCommit: AfterCommit | undefined }>;
    try {
      applied = await this.options.dataSource.transaction(async (manager) => {
        const inserted: Array<{ event_id: string }> = await manager.query(RECORD_RUN, [
          this.options.groupId,
          run.map((item) => item.event.eventId),
        ]);
        const fresh = new Set(inserted.map((row) => row.event_id));
        const done: Array<{ event: EventEnvelope; afterCommit: AfterCommit | undefined }> = [];
        for (const { event, handler, correlationId } of run) {
          // An id the run holds twice is applied once.
          if (!fresh.delete(event.eventId)) continue;
          const afterCommit = await withCorrelationId(correlationId, () => handler(event, manager));
          done.push({ event, afterCommit });
        }
        return done;
      });
    } catch (error) {
      this.options.logger.debug(
        { err: error, group: this.options.groupId, events: run.length },
        'a run of events failed together; applying them one by one',
      );
      return false;
    }
    this.metrics.applied.inc({ group: this.options.groupId }, applied.length);
    if (run.length > applied.length)
      this.metrics.duplicates.inc({ group: this.options.groupId }, run.length - applied.length);
    for (const { event, afterCommit } of applied) {
      try {
        await afterCommit?.();
      } catch (error) {
        this.options.logger.warn({ err: error, eventId: event.eventId }, 'work after the commit failed');
      }
    }
    return true;
  }

  /**
   * Pauses the partition at the failed event and resumes it after the backoff: the event is fetched
   * again, and nothing behind it is applied before it.
   */
  private hold(topic: string, partition: number, offset: string, pause: () => () => void): void {
    const id = `${topic}/${partition}`;
    const previous = this.held.get(id);
    const attempts = previous?.offset === offset ? previous.attempts + 1 : 1;
    const delay = Math.min(this.initialBackoffMs * 2 ** (attempts - 1), this.maxBackoffMs);
    const resume = pause();
    this.consumer?.seek({ topic, partition, offset });
    if (previous) clearTimeout(previous.timer);
    const timer = setTimeout(() => {
      this.metrics.retryWait.inc({ group: this.options.groupId }, delay / 1000);
      resume();
    }, delay);
    this.held.set(id, {
      offset,
      attempts,
      since: previous?.offset === offset ? previous.since : Date.now(),
      timer,
    });
    this.metrics.waitingPartitions.set({ group: this.options.groupId }, this.held.size);
  }

  private release(topic: string, partition: number): void {
    if (this.held.delete(`${topic}/${partition}`))
      this.metrics.waitingPartitions.set({ group: this.options.groupId }, this.held.size);
  }

  private async handle(topic: string, partition: number, message: KafkaMessage): Promise<Outcome> {
    const raw = message.value?.toString('utf8') ?? '';
    const correlationId = message.headers?.['correlation-id']?.toString();
    return withCorrelationId(correlationId, async () => {
      const origin = { topic, partition, offset: message.offset, key: message.key, raw };
      let event: EventEnvelope;
      try {
        event = this.validate(raw);
      } catch (error) {
        return this.deadLetter(origin, error);
      }
      const handler = this.options.handlers[handlerKey(event.type, event.version)];
      if (!handler) return this.unhandled(event, origin);
      try {
        await this.apply(event, handler);
        return 'done';
      } catch (error) {
        if (error instanceof PermanentEventFailure) return this.deadLetter(origin, error);
        this.options.logger.warn(
          { err: error, eventId: event.eventId, type: event.type, topic, partition, offset: message.offset },
          'event handler failed; the partition waits and retries',
        );
        return 'wait';
      }
    });
  }

  /**
   * An event no handler here takes. A type this consumer does not handle at all is someone else's:
   * skipped. A version of a type it does handle, but not this version, is a producer deployed ahead
   * of this consumer: skipping it would lose the fact for good, so the partition waits (counted, and
   * logged with what to deploy) until a replica with its handler takes over.
   */
  private unhandled(
    event: EventEnvelope,
    origin: { topic: string; partition: number; offset: string },
  ): Outcome {
    if (!this.handledTypes.has(event.type)) return 'done';
    this.metrics.unknownVersions.inc({
      group: this.options.groupId,
      event: `${event.type}@${event.version}`,
    });
    this.options.logger.error(
      {
        eventId: event.eventId,
        type: event.type,
        version: event.version,
        ...origin,
        group: this.options.groupId,
      },
      'no handler for this version of an event this service handles: the partition waits until one is deployed',
    );
    return 'wait';
  }

  private validate(raw: string): EventEnvelope {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new PermanentEventFailure('the message is not JSON');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success)
      throw new PermanentEventFailure(`invalid envelope: ${envelope.error.issues[0]?.message}`);
    const event = envelope.data as EventEnvelope;
    if (!this.options.handlers[handlerKey(event.type, event.version)]) return event;
    const definition = this.options.catalogue.find(event.type, event.version);
    if (!definition) throw new PermanentEventFailure(`unknown event ${event.type}@${event.version}`);
    const payload = definition.payload.safeParse(event.payload);
    if (!payload.success) {
      const issue = payload.error.issues[0];
      throw new PermanentEventFailure(`invalid payload at ${issue?.path.join('.')}: ${issue?.message}`);
    }
    return { ...event, payload: payload.data };
  }

  private async apply(event: EventEnvelope, handler: EventHandler): Promise<void> {
    const applied = await this.options.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(RECORD_ONE, [this.options.groupId, event.eventId]);
      if (!inserted.length) return undefined;
      return { afterCommit: await handler(event, manager) };
    });
    (applied ? this.metrics.applied : this.metrics.duplicates).inc({ group: this.options.groupId });
    try {
      await applied?.afterCommit?.();
    } catch (error) {
      this.options.logger.warn({ err: error, eventId: event.eventId }, 'work after the commit failed');
    }
  }

  /** Poison goes to the dead-letter topic; when that send fails, the partition waits like any outage. */
  private async deadLetter(
    origin: { topic: string; partition: number; offset: string; key: Buffer | null; raw: string },
    error: unknown,
  ): Promise<Outcome> {
    const reason = error instanceof Error ? error.message : String(error);
    const secret = this.options.secretTopics?.has(origin.topic) ?? false;
    try {
      // Connected here, not at start: a dead-letter topic out of reach must not stop healthy events.
      await this.options.producer.connect();
      await this.options.producer.send({
        topic: this.options.deadLetterTopic,
        acks: -1,
        messages: [
          {
            key: origin.key,
            value: secret ? withoutPayload(origin.raw) : origin.raw,
            headers: deadLetterHeaders({ ...origin, group: this.options.groupId, reason, attempts: 1 }),
          },
        ],
      });
    } catch (sendError) {
      this.options.logger.warn(
        { err: sendError, topic: origin.topic, partition: origin.partition, offset: origin.offset },
        'dead-letter send failed; the partition waits and retries',
      );
      return 'wait';
    }
    this.options.logger.error(
      { topic: origin.topic, partition: origin.partition, offset: origin.offset, reason },
      'event moved to the dead-letter topic',
    );
    this.metrics.deadLettered.inc({ group: this.options.groupId });
    return 'done';
  }

  /** Applied-event ids older than the topics keep messages can never be delivered again. */
  private async pruneIfDue(): Promise<void> {
    const retention = this.options.processedRetentionMs;
    if (!retention || Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    try {
      await this.options.dataSource.query(
        'DELETE FROM processed_event WHERE consumer_group = $1 AND processed_at < $2',
        [this.options.groupId, new Date(Date.now() - retention)],
      );
    } catch (error) {
      this.options.logger.warn(
        { err: error, group: this.options.groupId },
        'pruning applied-event ids failed',
      );
    }
  }
}

/** What a dead letter of a secret topic keeps: the envelope's identity, not its payload. */
function withoutPayload(raw: string): string | null {
  try {
    const { payload: _payload, ...envelope } = JSON.parse(raw) as Record<string, unknown>;
    return JSON.stringify(envelope);
  } catch {
    return null;
  }
}
