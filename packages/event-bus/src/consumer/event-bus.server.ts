import { catalogue, type EventDefinition, type EventEnvelope, TOPICS, topicList } from '@multimfa/events';
import type { Logger } from '@multimfa/service-runtime';
import {
  BaseRpcContext,
  type CustomTransportStrategy,
  type MessageHandler,
  Server,
} from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import type { Kafka, Producer } from 'kafkajs';
import type { Registry } from 'prom-client';
import { isObservable, lastValueFrom } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import {
  type AfterCommit,
  EventConsumer,
  type EventHandler,
  handlerKey,
  waitingIndicator,
} from './event.consumer.js';
import { isPermanentFailure, PermanentEventFailure } from './permanent-event-failure.errors.js';

/** The second argument of an `@EventPattern` handler (`@Ctx()`): the envelope and the transaction. */
export class EventContext extends BaseRpcContext<[EventEnvelope, EntityManager]> {
  readonly committed: AfterCommit[] = [];

  /** The event as it travelled: id, correlation id, occurrence time. */
  getEnvelope(): EventEnvelope {
    return this.args[0];
  }

  /** The transaction that records the event as applied: write the handler's effect through it. */
  getManager(): EntityManager {
    return this.args[1];
  }

  /** Runs `work` once the transaction has committed (not when it rolls back). */
  afterCommit(work: AfterCommit): void {
    this.committed.push(work);
  }
}

export interface EventBusServerOptions {
  service: string;
  kafka: Kafka;
  topicPrefix: string;
  dataSource: DataSource;
  producer: Producer;
  logger: Logger;
  registry: Registry;
  retry?: { initialMs?: number; maxMs?: number };
  /** The batch window of the group of each topic (by name, without the prefix) that may lag: `EventConsumerOptions.batchWindowMs`. */
  batchWindowMs?: (topic: string) => number | undefined;
}

const batchWindow = (ms: number | undefined) => (ms ? { batchWindowMs: ms } : {});

const isEventDefinition = (pattern: unknown): pattern is EventDefinition =>
  typeof pattern === 'object' &&
  pattern !== null &&
  typeof (pattern as EventDefinition).type === 'string' &&
  typeof (pattern as EventDefinition).version === 'number' &&
  typeof (pattern as EventDefinition).topic === 'object';

/** The consumer group of one service's handlers of one topic: `<prefix><service>.<topic>`. */
export const consumerGroupId = (topicPrefix: string, service: string, topic: string): string =>
  `${topicPrefix}${service}.${topic}`;

/**
 * The events the `@EventPattern` handlers of a class take, as the server subscribes them: what
 * the service consumes (its Kafka user's Read ACLs are checked against these).
 */
export function handledEvents(handlers: abstract new (...args: never[]) => unknown): EventDefinition[] {
  const prototype = handlers.prototype as object;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const method = Object.getOwnPropertyDescriptor(prototype, name)?.value;
    if (typeof method !== 'function') return [];
    const patterns = (Reflect.getMetadata(PATTERN_METADATA, method) ?? []) as unknown[];
    return patterns.filter(isEventDefinition);
  });
}

/**
 * The event bus as a Nest transport: controllers declare `@EventPattern(userRegistered)` handlers
 * taking the event's typed payload, and this server subscribes one consumer group per topic those
 * handlers need (group `<service>.<topic>`). A handler whose event is not in the catalogue, or whose
 * topic is not in the topic list, stops the service at start rather than never running.
 */
export class EventBusServer extends Server implements CustomTransportStrategy {
  override readonly transportId = Symbol('event-bus');
  private readonly definitions = new Map<string, EventDefinition>();
  private consumers: EventConsumer[] = [];

  constructor(private readonly options: EventBusServerOptions) {
    super();
  }

  /** Event definitions are keyed as `type@version`; anything else as Nest does. */
  override normalizePattern(pattern: unknown): string {
    if (!isEventDefinition(pattern)) return super.normalizePattern(pattern as string);
    const key = handlerKey(pattern.type, pattern.version);
    this.definitions.set(key, pattern);
    return key;
  }

  listen(callback: (error?: unknown) => void): void {
    let byTopic: Map<string, Record<string, EventHandler>>;
    try {
      byTopic = this.handlersByTopic();
    } catch (error) {
      callback(error);
      return;
    }
    const { options } = this;
    const secretTopics = new Set(
      topicList(options.topicPrefix)
        .filter((topic) => topic.secret)
        .map((topic) => topic.name),
    );
    this.consumers = [...byTopic].map(([topicName, handlers]) => {
      const topic = topicList().find((spec) => spec.name === topicName);
      const groupId = consumerGroupId(options.topicPrefix, options.service, topicName);
      return new EventConsumer({
        kafka: options.kafka,
        groupId,
        topics: [`${options.topicPrefix}${topicName}`],
        dataSource: options.dataSource,
        catalogue,
        handlers,
        deadLetterTopic: `${options.topicPrefix}${TOPICS.deadLetter.name}`,
        producer: options.producer,
        logger: options.logger.child({ component: 'consumer', group: groupId }),
        registry: options.registry,
        secretTopics,
        ...(options.retry ? { retry: options.retry } : {}),
        ...(topic ? { processedRetentionMs: topic.retentionMs } : {}),
        ...batchWindow(options.batchWindowMs?.(topicName)),
      });
    });
    // Consumers join in the background: a broker still loading delays them, not the service.
    for (const consumer of this.consumers) void consumer.start();
    callback();
  }

  /** Partitions of every group paused at a failed event now (an outage being waited out). */
  waiting() {
    return this.consumers.flatMap((consumer) => consumer.waiting());
  }

  /** Resolves once every consumer group has joined (tests that must not stop a joining consumer). */
  async joined(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.start()));
  }

  /** For readiness: "degraded" while any partition waits out an outage. */
  degradedIndicator() {
    return waitingIndicator(this);
  }

  async close(): Promise<void> {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    this.consumers = [];
    await this.options.producer.disconnect().catch(() => undefined);
  }

  on(): never {
    throw new Error('the event bus transport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumers as T;
  }

  private handlersByTopic(): Map<string, Record<string, EventHandler>> {
    const listed = new Set(topicList().map((topic) => topic.name));
    const byTopic = new Map<string, Record<string, EventHandler>>();
    for (const [key, handler] of this.messageHandlers) {
      const definition = this.definitions.get(key);
      if (!definition || !handler.isEventHandler)
        throw new Error(`@EventPattern(${key}) is not an event definition of @multimfa/events`);
      if (catalogue.find(definition.type, definition.version) !== definition)
        throw new Error(`@EventPattern(${key}): the event is not in the catalogue of @multimfa/events`);
      if (!listed.has(definition.topic.name))
        throw new Error(`@EventPattern(${key}): its topic ${definition.topic.name} is not in the topic list`);
      const handlers = byTopic.get(definition.topic.name) ?? {};
      handlers[key] = (event, manager) => this.invoke(handler, event, manager);
      byTopic.set(definition.topic.name, handlers);
    }
    return byTopic;
  }

  /** Runs the Nest handler (and any chained after it) and turns its outcome back into a promise. */
  private async invoke(
    first: MessageHandler,
    event: EventEnvelope,
    manager: EntityManager,
  ): Promise<AfterCommit | undefined> {
    const context = new EventContext([event, manager]);
    for (let handler: MessageHandler | undefined = first; handler; handler = handler.next) {
      try {
        const result = await handler(event.payload, context);
        if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
      } catch (error) {
        if (isPermanentFailure(error)) {
          throw new PermanentEventFailure(
            (error as { message?: string }).message ?? 'refused by its handler',
          );
        }
        // Nest's exception filter has logged the cause; this one is retried until it passes.
        throw error instanceof Error ? error : new Error(JSON.stringify(error));
      }
    }
    const work = context.committed;
    return work.length ? async () => void (await Promise.all(work.map((item) => item()))) : undefined;
  }
}
