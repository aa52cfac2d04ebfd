import { type EventCatalogue, type EventEnvelope, envelopeSchema } from '@multimfa/events';
import { type Logger, withCorrelationId } from '@multimfa/service-runtime';
import type { Consumer, EachMessagePayload, Kafka, Producer } from 'kafkajs';
import type { Counter, Registry } from 'prom-client';
import type { DataSource, EntityManager } from 'typeorm';
import { deadLetterHeaders } from '../dead-letter/dead-letter.js';
import { sharedCounter } from '../metrics.js';

/** Applies one event inside the transaction that records it as applied. */
export type EventHandler = (event: EventEnvelope, manager: EntityManager) => Promise<void>;

export interface EventConsumerOptions {
  kafka: Kafka;
  /** The consumer group: one per service and purpose; an event is applied once per group. */
  groupId: string;
  /** Full topic names (with the deployment's prefix). */
  topics: string[];
  dataSource: DataSource;
  catalogue: EventCatalogue;
  /** Handlers by event type; events of other types on these topics are skipped. */
  handlers: Record<string, EventHandler>;
  /** Where events go after `maxAttempts` failures. */
  deadLetterTopic: string;
  producer: Producer;
  logger: Logger;
  registry?: Registry;
  maxAttempts?: number;
  backoffMs?: number;
}

class PermanentFailure extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a consumer group. Each event is validated (envelope, then payload against its schema), applied
 * at most once per group by recording its id in the same transaction as its effect, retried with
 * backoff when the handler fails, and after the last attempt moved to the dead-letter topic with the
 * error, so the events behind it go on. Starting retries while the broker's group coordinator is
 * still loading.
 */
export class EventConsumer {
  private consumer: Consumer | undefined;
  private running = false;
  private starting: Promise<void> | undefined;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly counters: { applied: Counter; duplicates: Counter; deadLettered: Counter };

  constructor(private readonly options: EventConsumerOptions) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoffMs = options.backoffMs ?? 200;
    const labelNames = ['group'] as const;
    const { registry } = options;
    this.counters = {
      applied: sharedCounter(registry, { name: 'events_applied_total', help: 'Events applied', labelNames }),
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
    };
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
    // Disconnecting a consumer that is still joining makes its start give up at once.
    await this.consumer?.disconnect().catch(() => undefined);
    await this.starting?.catch(() => undefined);
    await this.consumer?.disconnect().catch(() => undefined);
    this.consumer = undefined;
    this.starting = undefined;
  }

  private async startWithRetry(): Promise<void> {
    let delay = 250;
    while (this.running) {
      const consumer = this.options.kafka.consumer({
        groupId: this.options.groupId,
        allowAutoTopicCreation: false,
        retry: { retries: 10, initialRetryTime: 250, maxRetryTime: 5000 },
      });
      this.consumer = consumer;
      try {
        await this.options.producer.connect();
        await consumer.connect();
        await consumer.subscribe({ topics: this.options.topics, fromBeginning: true });
        const joined = new Promise<void>((resolve) => {
          const off = consumer.on(consumer.events.GROUP_JOIN, () => {
            off();
            resolve();
          });
        });
        await consumer.run({ eachMessage: (payload) => this.handle(payload) });
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

  private async handle({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    const raw = message.value?.toString('utf8') ?? '';
    const correlationId = message.headers?.['correlation-id']?.toString();
    await withCorrelationId(correlationId, async () => {
      let event: EventEnvelope;
      try {
        event = this.validate(raw);
      } catch (error) {
        await this.deadLetter(topic, partition, message.offset, message.key, raw, error, 1);
        return;
      }
      const handler = this.options.handlers[event.type];
      if (!handler) return;

      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.apply(event, handler);
          return;
        } catch (error) {
          if (attempt >= this.maxAttempts || error instanceof PermanentFailure) {
            await this.deadLetter(topic, partition, message.offset, message.key, raw, error, attempt);
            return;
          }
          const delay = this.backoffMs * 2 ** (attempt - 1);
          this.options.logger.warn(
            { err: error, eventId: event.eventId, type: event.type, attempt, retryInMs: delay },
            'event handler failed; retrying',
          );
          await sleep(delay);
          await heartbeat();
        }
      }
    });
  }

  private validate(raw: string): EventEnvelope {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new PermanentFailure('the message is not JSON');
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success)
      throw new PermanentFailure(`invalid envelope: ${envelope.error.issues[0]?.message}`);
    const event = envelope.data as EventEnvelope;
    if (!this.options.handlers[event.type]) return event;
    const definition = this.options.catalogue.find(event.type, event.version);
    if (!definition) throw new PermanentFailure(`unknown event ${event.type}@${event.version}`);
    const payload = definition.payload.safeParse(event.payload);
    if (!payload.success) {
      const issue = payload.error.issues[0];
      throw new PermanentFailure(`invalid payload at ${issue?.path.join('.')}: ${issue?.message}`);
    }
    return { ...event, payload: payload.data };
  }

  private async apply(event: EventEnvelope, handler: EventHandler): Promise<void> {
    const applied = await this.options.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO processed_event (consumer_group, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.options.groupId, event.eventId],
      );
      if (!inserted.length) return false;
      await handler(event, manager);
      return true;
    });
    (applied ? this.counters.applied : this.counters.duplicates).inc({ group: this.options.groupId });
  }

  private async deadLetter(
    topic: string,
    partition: number,
    offset: string,
    key: Buffer | null,
    raw: string,
    error: unknown,
    attempts: number,
  ): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    this.options.logger.error(
      { topic, partition, offset, reason, attempts },
      'event moved to the dead-letter topic',
    );
    await this.options.producer.send({
      topic: this.options.deadLetterTopic,
      acks: -1,
      messages: [
        {
          key,
          value: raw,
          headers: deadLetterHeaders({
            topic,
            partition,
            offset,
            group: this.options.groupId,
            reason,
            attempts,
          }),
        },
      ],
    });
    this.counters.deadLettered.inc({ group: this.options.groupId });
  }
}
