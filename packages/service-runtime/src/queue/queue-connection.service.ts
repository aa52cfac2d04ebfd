import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

/** The Redis client of a service's BullMQ queues and workers (provided as `QueueConnection.redis`). */
export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');
/** The key prefix of a service's BullMQ queues (Redis key prefix, then the topic prefix of test runs). */
export const QUEUE_PREFIX = Symbol('QUEUE_PREFIX');

/** The Redis connection a service's BullMQ queues and workers share, closed when the app shuts down. */
export class QueueConnection implements OnApplicationShutdown {
  readonly redis: Redis;

  constructor(url: string) {
    // BullMQ workers block on Redis: no per-command retry limit.
    this.redis = new Redis(url, { maxRetriesPerRequest: null });
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
