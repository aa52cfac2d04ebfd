import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Bot } from './bot.entity.js';

/** The `bot` table, and the RoboMFA rows its rules lock and change. Writes run in the caller's transaction. */
export abstract class BotsRepository {
  abstract transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /** Locks the user's RoboMFA row until the transaction ends; its plan's bot limit, or undefined when it is not theirs. */
  abstract lockRoboMfa(manager: EntityManager, userId: string, mfaId: string): Promise<number | undefined>;
  /** Changes the user's RoboMFA; false when the user has no such RoboMFA. */
  abstract countBots(manager: EntityManager, mfaId: string): Promise<number>;
  abstract insert(manager: EntityManager, bot: Bot): Promise<void>;
  /** The RoboMFA's bots, oldest first. */
  abstract listByMfa(mfaId: string): Promise<Bot[]>;
  /** The user's bot, locked until the transaction ends (another user's: undefined). */
  abstract lockOwnedBot(manager: EntityManager, userId: string, botId: string): Promise<Bot | undefined>;
  abstract delete(manager: EntityManager, botId: string): Promise<void>;
  /**
   * Moves the last use of the key with this hash to `at`, unless it is less than `minimumGapMs` before
   * `at` (so a key in constant use costs one row write a minute); whether it moved.
   */
  abstract noteKeyUse(keyHash: string, at: Date, minimumGapMs: number): Promise<boolean>;
}

@Injectable()
export class TypeOrmBotsRepository extends BotsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async lockRoboMfa(manager: EntityManager, userId: string, mfaId: string): Promise<number | undefined> {
    const rows: Array<{ no_of_users: number }> = await manager.query(
      `SELECT no_of_users FROM mfa WHERE mfa_id = $1 AND user_id = $2 AND mfa_type = 'RoboMFA' FOR UPDATE`,
      [mfaId, userId],
    );
    return rows[0]?.no_of_users;
  }

  async countBots(manager: EntityManager, mfaId: string): Promise<number> {
    return manager.getRepository(Bot).countBy({ mfaId });
  }

  async insert(manager: EntityManager, bot: Bot): Promise<void> {
    await manager.getRepository(Bot).insert(bot);
  }

  listByMfa(mfaId: string): Promise<Bot[]> {
    return this.dataSource
      .getRepository(Bot)
      .find({ where: { mfaId }, order: { createdAt: 'ASC', botId: 'ASC' } });
  }

  async lockOwnedBot(manager: EntityManager, userId: string, botId: string): Promise<Bot | undefined> {
    return (
      (await manager
        .getRepository(Bot)
        .createQueryBuilder('bot')
        .innerJoin('mfa', 'mfa', 'mfa.mfa_id = bot.mfa_id')
        .where('bot.bot_id = :botId AND mfa.user_id = :userId', { botId, userId })
        .setLock('pessimistic_write', undefined, ['bot'])
        .getOne()) ?? undefined
    );
  }

  async delete(manager: EntityManager, botId: string): Promise<void> {
    await manager.getRepository(Bot).delete({ botId });
  }

  async noteKeyUse(keyHash: string, at: Date, minimumGapMs: number): Promise<boolean> {
    // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] rather than the rows.
    const [row]: Array<{ moved: number }> = await this.dataSource.query(
      `WITH moved AS (
         UPDATE bot SET last_used_at = $2 WHERE key_hash = $1
            AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3::float8 / 1000))
         RETURNING bot_id)
       SELECT count(*)::int AS moved FROM moved`,
      [keyHash, at, minimumGapMs],
    );
    return (row?.moved ?? 0) > 0;
  }
}
