import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

/**
 * The gateway's Redis connection (sessions, rate limits, sign-in throttle), closed when the app stops.
 * Every key it writes starts with the process's key prefix, the only keys its Redis ACL user may touch.
 */
export class GatewayRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(url: string, keyPrefix = '') {
    this.client = new Redis(url, {
      keyPrefix,
      // Commands issued in the same tick leave in one write: a request's rate-limit count and session load.
      enableAutoPipelining: true,
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      retryStrategy: (retries) => Math.min(retries * 100, 2000),
    });
    this.client.on('error', () => undefined);
  }

  async connect(): Promise<this> {
    await this.client.connect();
    return this;
  }

  async onApplicationShutdown() {
    if (this.client.status !== 'end') await this.client.quit().catch(() => this.client.disconnect());
  }
}
