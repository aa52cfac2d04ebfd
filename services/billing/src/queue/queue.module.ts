import {
  LOGGER,
  type Logger,
  QUEUE_CONNECTION,
  QUEUE_PREFIX,
  QueueConnection,
} from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { BillingConfig } from '../config/billing.config.js';
import { BullRenewalsQueue, RenewalsQueue } from './renewals.queue.js';

/** Billing's BullMQ connection and queues, for every module of the service. */
@Module({})
export class QueueModule {
  static forRoot(config: BillingConfig): DynamicModule {
    const connection = new QueueConnection(config.REDIS_URL);
    const prefix = `${config.REDIS_KEY_PREFIX}${config.KAFKA_TOPIC_PREFIX}bull`;
    return {
      module: QueueModule,
      global: true,
      providers: [
        { provide: QueueConnection, useValue: connection },
        { provide: QUEUE_CONNECTION, useValue: connection.redis },
        { provide: QUEUE_PREFIX, useValue: prefix },
        {
          provide: RenewalsQueue,
          inject: [LOGGER],
          useFactory: (logger: Logger) => new BullRenewalsQueue(connection.redis, prefix, logger),
        },
      ],
      exports: [QUEUE_CONNECTION, QUEUE_PREFIX, RenewalsQueue],
    };
  }
}
