import type { DataSource, EntityManager } from 'typeorm';
import { READ_MODEL_TABLES } from '../migrations/index.js';

/**
 * The read models as a whole, and the live consumers' record of applied events (`processed_event`),
 * for the rebuild: it empties the tables and applies every event again in one transaction.
 */
export class ReadModelsRepository {
  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Holds the live consumers off until the transaction ends (they wait on `processed_event`). */
  async holdConsumers(manager: EntityManager): Promise<void> {
    await manager.query('LOCK TABLE processed_event IN SHARE ROW EXCLUSIVE MODE');
  }

  /** Empties every read-model table. */
  async empty(manager: EntityManager): Promise<void> {
    await manager.query(`TRUNCATE ${READ_MODEL_TABLES.join(', ')}`);
  }

  /** Forgets the events the consumer groups applied. */
  async forgetApplied(manager: EntityManager, consumerGroups: string[]): Promise<void> {
    await manager.query('DELETE FROM processed_event WHERE consumer_group = ANY($1)', [consumerGroups]);
  }

  /** Records the event as applied by the consumer group; false when it was already. */
  async recordApplied(manager: EntityManager, consumerGroup: string, eventId: string): Promise<boolean> {
    const first: unknown[] = await manager.query(
      `INSERT INTO processed_event (consumer_group, event_id) VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [consumerGroup, eventId],
    );
    return first.length > 0;
  }
}
