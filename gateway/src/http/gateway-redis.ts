import type { OnApplicationShutdown } from '@nestjs/common';
import { createClient, type RedisClientType } from 'redis';

/** The gateway's Redis connection (sessions, rate limits), closed when the app stops. */
export class GatewayRedis implements OnApplicationShutdown {
  readonly client: RedisClientType;

  constructor(url: string) {
    this.client = createClient({
      url,
      socket: { reconnectStrategy: (retries) => Math.min(retries * 100, 2000) },
    });
    this.client.on('error', () => undefined);
  }

  async connect(): Promise<this> {
    await this.client.connect();
    return this;
  }

  async onApplicationShutdown() {
    if (this.client.isOpen) await this.client.close();
  }
}
