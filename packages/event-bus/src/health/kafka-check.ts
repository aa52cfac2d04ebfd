import type { ReadinessCheck } from '@multimfa/service-runtime';
import { Kafka, logLevel } from 'kafkajs';

/** Asks the Kafka cluster to describe itself; reconnects on the next check after a failure. */
class KafkaCheck implements ReadinessCheck {
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

/** The readiness check of a service's Kafka brokers, for ServiceRuntimeModule's `readinessChecks`. */
export const checkKafka = (brokers: string[], service: string): ReadinessCheck & { close(): Promise<void> } =>
  new KafkaCheck(brokers, service);
