import { Redis } from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';
import type { DataSource } from 'typeorm';
import type { ReadinessCheck } from './readiness.js';

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

/** Asks the Kafka cluster to describe itself; reconnects on the next check after a failure. */
export class KafkaCheck implements ReadinessCheck {
  readonly name = 'kafka';
  private admin: ReturnType<Kafka['admin']> | undefined;

  constructor(
    private readonly brokers: string[],
    private readonly clientId: string,
  ) {}

  async check() {
    if (!this.admin) {
      const kafka = new Kafka({
        clientId: `${this.clientId}-health`,
        brokers: this.brokers,
        logLevel: logLevel.NOTHING,
        connectionTimeout: 1000,
        retry: { retries: 0 },
      });
      this.admin = kafka.admin();
      try {
        await this.admin.connect();
      } catch (error) {
        this.admin = undefined;
        throw error;
      }
    }
    try {
      await this.admin.describeCluster();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  async close() {
    const admin = this.admin;
    this.admin = undefined;
    await admin?.disconnect().catch(() => undefined);
  }
}
