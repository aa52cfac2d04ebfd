import { catalogue, TOPICS, type TopicSpec } from '@multimfa/events';
import { type Logger, Metrics } from '@multimfa/service-runtime';
import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Kafka, Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { EventConsumer, type EventHandler } from './consumer/event-consumer.js';
import { createKafka } from './kafka/kafka-client.js';
import { Outbox } from './outbox/outbox.js';
import { OutboxRelay } from './outbox/outbox-relay.js';

/** A service's reaction to events of other services: one consumer group. */
export interface EventSubscriber {
  readonly groupId: string;
  readonly topics: readonly TopicSpec[];
  readonly handlers: Record<string, EventHandler>;
}

export interface EventBusOptions {
  service: string;
  databaseUrl: string;
  brokers: string[];
  topicPrefix: string;
  logger: Logger;
  subscribers?: Array<Type<EventSubscriber>>;
}

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');
export const KAFKA = Symbol('KAFKA');

/** Runs the service's outbox relay and its consumer groups for as long as the app runs. */
@Injectable()
class EventBusLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay: OutboxRelay | undefined;
  private consumers: EventConsumer[] = [];
  private deadLetterProducer: Producer | undefined;

  constructor(
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
  ) {}

  async onApplicationBootstrap() {
    const { options, kafka } = this;
    this.relay = new OutboxRelay({
      databaseUrl: options.databaseUrl,
      producer: kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false }),
      logger: options.logger.child({ component: 'outbox-relay' }),
      registry: this.metrics.registry,
    });
    this.relay.start();

    const dataSource = this.moduleRef.get<DataSource>(getDataSourceToken(), { strict: false });
    const deadLetterProducer = kafka.producer({ allowAutoTopicCreation: false });
    this.deadLetterProducer = deadLetterProducer;
    this.consumers = (options.subscribers ?? []).map((type) => {
      const subscriber = this.moduleRef.get(type, { strict: false });
      return new EventConsumer({
        kafka,
        groupId: `${options.topicPrefix}${subscriber.groupId}`,
        topics: subscriber.topics.map((topic) => `${options.topicPrefix}${topic.name}`),
        dataSource,
        catalogue,
        handlers: subscriber.handlers,
        deadLetterTopic: `${options.topicPrefix}${TOPICS.deadLetter.name}`,
        producer: deadLetterProducer,
        logger: options.logger.child({ component: 'consumer', group: subscriber.groupId }),
        registry: this.metrics.registry,
      });
    });
    // Consumers join in the background: a broker still loading delays them, not the service.
    for (const consumer of this.consumers) void consumer.start();
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    await this.deadLetterProducer?.disconnect().catch(() => undefined);
    await this.relay?.stop();
  }
}

/**
 * Publishing (`Outbox`, inside the caller's transaction) and consuming events, for one service.
 * The service's migrations must include `CreateEventBusTables`.
 */
@Global()
@Module({})
export class EventBusModule {
  static forRoot(options: EventBusOptions): DynamicModule {
    const subscribers = options.subscribers ?? [];
    return {
      module: EventBusModule,
      providers: [
        { provide: EVENT_BUS_OPTIONS, useValue: options },
        {
          provide: KAFKA,
          useValue: createKafka({
            clientId: options.service,
            brokers: options.brokers,
            logger: options.logger,
          }),
        },
        { provide: Outbox, useValue: new Outbox(options.topicPrefix) },
        ...subscribers,
        EventBusLifecycle,
      ],
      exports: [Outbox, KAFKA],
    };
  }
}
