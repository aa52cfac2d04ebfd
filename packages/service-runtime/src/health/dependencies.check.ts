import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { ReadinessCheck } from './readiness.service.js';

export function databaseCheck(dataSource: DataSource): ReadinessCheck {
  return { name: 'database', check: async () => void (await dataSource.query('SELECT 1')) };
}

/** A Redis connection used only to answer readiness: it does not queue commands while down. */
export class RedisCheck implements ReadinessCheck {
  readonly name = 'redis';
  private readonly client: Redis;

  constructor(url: string) {
    this.client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.client.on('error', () => undefined);
  }

  async check() {
    if (this.client.status === 'wait' || this.client.status === 'end') await this.client.connect();
    await this.client.ping();
  }

  async close() {
    this.client.disconnect();
  }
}
