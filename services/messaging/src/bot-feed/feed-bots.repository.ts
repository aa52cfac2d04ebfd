import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { CreatedBot, FeedBot } from './feed-bot.record.js';

/** The live, active bot of a key hash, with whether its subscription expired. */
const BOT_BY_KEY_HASH = namedStatement(
  'feed.bot-by-key-hash',
  `SELECT b.bot_id, b.mfa_id, COALESCE(NOT v.is_subscription_active, false) AS subscription_expired
   FROM feed_bot b LEFT JOIN mfa_view v ON v.mfa_id = b.mfa_id
  WHERE b.key_hash = $1 AND b.removed_at IS NULL AND b.is_active AND b.mfa_id IS NOT NULL
    AND COALESCE(v.is_active, true)`,
);

/**
 * The `feed_bot` table. Both writes are idempotent and commute: a revocation that arrives before the
 * creation leaves a row the creation completes without reviving, so a removed bot stays removed.
 */
@Injectable()
export class FeedBotsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async created(
    bot: CreatedBot,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ revoked: boolean }> {
    const [row]: Array<{ revoked: boolean }> = await manager.query(
      `INSERT INTO feed_bot (bot_id, mfa_id, user_id, key_hash, is_active, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (bot_id) DO UPDATE SET mfa_id = EXCLUDED.mfa_id, user_id = EXCLUDED.user_id,
         key_hash = EXCLUDED.key_hash, is_active = EXCLUDED.is_active, created_at = EXCLUDED.created_at
       RETURNING removed_at IS NOT NULL AS revoked`,
      [bot.botId, bot.mfaId, bot.userId, bot.keyHash, bot.isActive, bot.createdAt],
    );
    return { revoked: row?.revoked ?? false };
  }

  /** Keeps the first removal time; `keyHash` fills a row that never saw its creation. */
  async removed(
    botId: string,
    removedAt: Date,
    keyHash: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO feed_bot (bot_id, key_hash, removed_at) VALUES ($1, $2, $3)
       ON CONFLICT (bot_id) DO UPDATE SET removed_at = COALESCE(feed_bot.removed_at, EXCLUDED.removed_at),
         key_hash = COALESCE(feed_bot.key_hash, EXCLUDED.key_hash)`,
      [botId, keyHash, removedAt],
    );
  }

  /**
   * The live, active bot whose key has this hash, with whether its RoboMFA's subscription expired; a
   * bot of a deactivated or deleted MFA (`mfa_view.is_active` false) is none.
   */
  async byKeyHash(keyHash: string): Promise<FeedBot | undefined> {
    const [row]: Array<{ bot_id: string; mfa_id: string; subscription_expired: boolean }> =
      await this.dataSource.query(BOT_BY_KEY_HASH, [keyHash]);
    return row
      ? { botId: row.bot_id, mfaId: row.mfa_id, subscriptionExpired: row.subscription_expired }
      : undefined;
  }
}
