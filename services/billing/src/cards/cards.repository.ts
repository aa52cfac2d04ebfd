import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { SavedCardRow } from './saved-card.entity.js';

export type NewSavedCard = Omit<SavedCardRow, 'createdAt' | 'updatedAt'>;

/**
 * The saved-card mirror. Changes to a user's cards run one at a time per user: each takes the
 * user's customer row as a lock first (`lockCustomer`), so "the last card" and "the default card"
 * are decided on what the other changes left.
 */
@Injectable()
export class CardsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The user's cards, oldest first. */
  list(userId: string, manager: EntityManager = this.dataSource.manager): Promise<SavedCardRow[]> {
    return manager
      .getRepository(SavedCardRow)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  find(userId: string, id: string, manager: EntityManager = this.dataSource.manager) {
    return manager.getRepository(SavedCardRow).findOneBy({ userId, id });
  }

  /** The user's default card, if any. */
  findDefault(userId: string): Promise<SavedCardRow | null> {
    return this.dataSource.getRepository(SavedCardRow).findOneBy({ userId, isDefault: true });
  }

  /** Locks the user's customer row until the transaction ends; false when the user has none. */
  async lockCustomer(manager: EntityManager, userId: string): Promise<boolean> {
    const rows = (await manager.query('SELECT user_id FROM stripe_customer WHERE user_id = $1 FOR UPDATE', [
      userId,
    ])) as unknown[];
    return rows.length === 1;
  }

  /** Whether one of the user's subscriptions is active and renews by itself (it needs a card). */
  async hasRenewingSubscription(manager: EntityManager, userId: string): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM subscription WHERE user_id = $1 AND status = 'ACTIVE' AND auto_renewal LIMIT 1`,
      [userId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Stores the card (again: the same PaymentMethod saved twice stays one row). */
  async upsert(manager: EntityManager, card: NewSavedCard): Promise<void> {
    await manager.getRepository(SavedCardRow).upsert(card, ['id']);
  }

  async update(
    manager: EntityManager,
    where: { userId: string; id: string },
    change: Partial<Pick<SavedCardRow, 'name' | 'expMonth' | 'expYear' | 'addressZip' | 'isDefault'>>,
  ): Promise<void> {
    await manager.getRepository(SavedCardRow).update(where, change);
  }

  async delete(manager: EntityManager, where: { userId: string; id: string }): Promise<void> {
    await manager.getRepository(SavedCardRow).delete(where);
  }
}
