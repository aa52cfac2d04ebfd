import type { ReadinessCheck } from '@multimfa/service-runtime';
import { Kafka, logLevel } from 'kafkajs';
import { type KafkaConnection, kafkaConnectionConfig } from '../kafka/kafka.client.js';

/** Asks the Kafka cluster to describe itself; reconnects on the next check after a failure. */
class KafkaCheck implements ReadinessCheck {
  readonly name = 'kafka';
  private admin: ReturnType<Kafka['admin']> | undefined;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly clientId: string,
  ) {}

  async check() {
    if (!this.admin) {
      const kafka = new Kafka({
        clientId: `${this.clientId}-health`,
        ...kafkaConnectionConfig(this.connection),
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

/**
 * The readiness check of a service's Kafka brokers, for ServiceRuntimeModule's `readinessChecks`:
 * with the service's own TLS and credentials (`kafkaConnection(config)`), or plaintext to `brokers`.
 */
export const checkKafka = (
  connection: KafkaConnection | string[],
  service: string,
): ReadinessCheck & { close(): Promise<void> } =>
  new KafkaCheck(Array.isArray(connection) ? { brokers: connection } : connection, service);
