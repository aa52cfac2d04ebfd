import { QUEUE_CONNECTION, QUEUE_PREFIX, QueueConnection } from '@multimfa/service-runtime';
import { Module } from '@nestjs/common';
import { oncePerConfig } from '../config/once-per-config.factory.js';
import { LOST_WORK_SWEEP_MS } from './queue.worker.js';

/**
 * The Redis connection messaging's BullMQ queues and workers share, and their key prefix; closed
 * after the modules that import it have closed their queues and workers.
 */
@Module({})
export class QueueModule {
  static readonly forRoot = oncePerConfig((config) => ({
    module: QueueModule,
    providers: [
      { provide: QueueConnection, useFactory: () => new QueueConnection(config.REDIS_URL) },
      {
        provide: QUEUE_CONNECTION,
        useFactory: (connection: QueueConnection) => connection.redis,
        inject: [QueueConnection],
      },
      { provide: QUEUE_PREFIX, useValue: `${config.REDIS_KEY_PREFIX}${config.KAFKA_TOPIC_PREFIX}bull` },
      { provide: LOST_WORK_SWEEP_MS, useValue: config.LOST_WORK_SWEEP_SECONDS * 1000 },
    ],
    exports: [QUEUE_CONNECTION, QUEUE_PREFIX, LOST_WORK_SWEEP_MS],
  }));
}
