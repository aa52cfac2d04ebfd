import { topicList } from '@multimfa/events';
import { type Logger, Metrics, Readiness } from '@multimfa/service-runtime';
import {
  type DynamicModule,
  Global,
  type INestApplication,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Kafka } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { EventBusServer } from './consumer/event-bus.server.js';
import { createKafka, type KafkaConnection } from './kafka/kafka.client.js';
import { OutboxRelay } from './outbox/outbox.relay.js';
import { Outbox } from './outbox/outbox.service.js';

/** The brokers, with the service's TLS and credentials when set: `...kafkaConnection(config)`. */
export interface EventBusOptions extends KafkaConnection {
  service: string;
  databaseUrl: string;
  topicPrefix: string;
  logger: Logger;
  /** `EVENT_SEALING_KEY`: for services that publish or read sealed secrets. */
  sealingKey?: string;
  /**
   * The topics (names without the prefix) whose consumer groups here may lag by a window, and how
   * long it is: they apply a steady stream in one transaction per window, not one per event.
   */
  batchWindowMs?: (topic: string) => number | undefined;
}

export const EVENT_BUS_OPTIONS = Symbol('EVENT_BUS_OPTIONS');
export const KAFKA = Symbol('KAFKA');

/** Runs the service's outbox relay for as long as the app runs. */
@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay: OutboxRelay | undefined;

  constructor(
    @Inject(EVENT_BUS_OPTIONS) private readonly options: EventBusOptions,
    @Inject(KAFKA) private readonly kafka: Kafka,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  onApplicationBootstrap() {
    const { options, kafka } = this;
    this.relay = new OutboxRelay({
      databaseUrl: options.databaseUrl,
      producer: kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false }),
      logger: options.logger.child({ component: 'outbox-relay' }),
      registry: this.metrics.registry,
      topics: topicList(options.topicPrefix),
    });
    this.relay.start();
  }

  async onApplicationShutdown() {
    await this.relay?.stop();
  }
}

/**
 * Publishing (`Outbox`, inside the caller's transaction) and consuming events, for one service.
 * The service's migrations must include `eventBusMigrations`. Handlers are `@EventPattern`
 * methods of controllers, started by `startEventHandlers(app)` (the `EventBusServer` transport).
 * Global because every feature module publishes through the one `Outbox`.
 */
@Global()
@Module({})
export class EventBusModule {
  static forRoot(options: EventBusOptions): DynamicModule {
    return {
      module: EventBusModule,
      providers: [
        { provide: EVENT_BUS_OPTIONS, useValue: options },
        {
          provide: KAFKA,
          // The one client of the relay, the consumers and their dead-letter producer.
          useValue: createKafka({
            clientId: options.service,
            brokers: options.brokers,
            tls: options.tls,
            sasl: options.sasl,
            logger: options.logger,
          }),
        },
        { provide: Outbox, useValue: new Outbox(options.topicPrefix, options.sealingKey) },
        {
          provide: EventBusServer,
          useFactory: (kafka: Kafka, metrics: Metrics, dataSource: DataSource, readiness: Readiness) => {
            const server = new EventBusServer({
              service: options.service,
              kafka,
              topicPrefix: options.topicPrefix,
              dataSource,
              producer: kafka.producer({ allowAutoTopicCreation: false }),
              logger: options.logger,
              registry: metrics.registry,
              ...(options.batchWindowMs ? { batchWindowMs: options.batchWindowMs } : {}),
            });
            readiness.registerDegraded(server.degradedIndicator());
            return server;
          },
          inject: [KAFKA, Metrics, getDataSourceToken(), Readiness],
        },
        OutboxRelayLifecycle,
      ],
      exports: [Outbox, KAFKA, EventBusServer],
    };
  }
}

/**
 * Connects the event bus transport to the app and starts its consumers: call it from the service
 * definition's `configure`. Fails (and so stops the service) when a handler's event or topic is unknown.
 */
export async function startEventHandlers(app: INestApplication): Promise<void> {
  app.connectMicroservice({ strategy: app.get(EventBusServer) });
  await app.startAllMicroservices();
}
