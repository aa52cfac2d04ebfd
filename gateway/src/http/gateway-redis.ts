import type { OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';

/** The gateway's Redis connection (sessions, rate limits, sign-in throttle), closed when the app stops. */
export class GatewayRedis implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(url: string) {
    this.client = new Redis(url, {
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
