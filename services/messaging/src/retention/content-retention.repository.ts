import { RETENTION_DAYS } from '@multimfa/api-contract';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * `mfa_retention` (each MFA's retention, from numbers' events) and the deletion of the bodies and
 * codes of `inbound_message` past it. A text keeps everything else: sender, time, MFA, service, its
 * forwards and their statuses, the bots that read it, its log entries.
 */
@Injectable()
export class ContentRetentionRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async setRetention(manager: EntityManager, mfaId: string, retentionDays: number): Promise<void> {
    await manager.query(
      `INSERT INTO mfa_retention (mfa_id, retention_days) VALUES ($1, $2)
       ON CONFLICT (mfa_id) DO UPDATE SET retention_days = EXCLUDED.retention_days, updated_at = now()`,
      [mfaId, retentionDays],
    );
  }

  /**
   * Deletes the body and code of up to `limit` texts of MFAs whose retention has passed at `now` (an
   * MFA messaging has no retention for: the default), in one short transaction; answers how many.
   * Walks the MFAs and, per MFA, its texts still holding content, oldest first (the partial index):
   * rows another sweep holds are skipped, never waited for.
   */
  async deleteExpiredOfMfas(now: Date, limit: number): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `UPDATE inbound_message m SET body = '', code = NULL, content_deleted_at = $1
        WHERE m.message_id IN (
          SELECT e.message_id FROM mfa_view v
            LEFT JOIN mfa_retention r ON r.mfa_id = v.mfa_id
           CROSS JOIN LATERAL (
             SELECT i.message_id FROM inbound_message i
              WHERE i.mfa_id = v.mfa_id AND i.content_deleted_at IS NULL
                AND i.received_at < $1::timestamptz - make_interval(days => COALESCE(r.retention_days, $3))
              ORDER BY i.received_at LIMIT $2
              FOR UPDATE OF i SKIP LOCKED) e
           LIMIT $2)`,
      [now, limit, RETENTION_DAYS.default],
    )) as [unknown[], number];
    return count;
  }

  /** As `deleteExpiredOfMfas`, for the texts to numbers no MFA held: kept for the default retention. */
  async deleteExpiredUnowned(now: Date, limit: number): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `UPDATE inbound_message m SET body = '', code = NULL, content_deleted_at = $1
        WHERE m.message_id IN (
          SELECT i.message_id FROM inbound_message i
           WHERE i.mfa_id IS NULL AND i.content_deleted_at IS NULL
             AND i.received_at < $1::timestamptz - make_interval(days => $3)
           ORDER BY i.received_at LIMIT $2
           FOR UPDATE SKIP LOCKED)`,
      [now, limit, RETENTION_DAYS.default],
    )) as [unknown[], number];
    return count;
  }
}
