import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The `user_standing` table: identity's latest word on each owner. Writes run in the caller's transaction. */
@Injectable()
export class UserStandingRepository {
  /**
   * Records the owner deactivated or reactivated as of `at`; false when a newer word was recorded
   * already, or the owner was deleted (the caller then changes nothing).
   */
  async record(manager: EntityManager, userId: string, isActive: boolean, at: Date): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO user_standing (user_id, is_active, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET is_active = EXCLUDED.is_active, changed_at = EXCLUDED.changed_at,
                                           updated_at = now()
        WHERE user_standing.changed_at <= EXCLUDED.changed_at AND user_standing.deleted_at IS NULL
       RETURNING user_id`,
      [userId, isActive, at],
    );
    return rows.length === 1;
  }

  /** Records the owner deleted, for good: no later word reactivates them. */
  async recordDeleted(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO user_standing (user_id, is_active, deleted_at, changed_at) VALUES ($1, false, $2, $2)
       ON CONFLICT (user_id) DO UPDATE SET is_active = false, deleted_at = COALESCE(user_standing.deleted_at, $2),
                                           changed_at = GREATEST(user_standing.changed_at, EXCLUDED.changed_at),
                                           updated_at = now()`,
      [userId, at],
    );
  }

  /** Whether the owner is active: never deactivated, or reactivated and not deleted. */
  async isActive(manager: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM user_standing WHERE user_id = $1 AND (NOT is_active OR deleted_at IS NOT NULL)',
      [userId],
    );
    return rows.length === 0;
  }
}
