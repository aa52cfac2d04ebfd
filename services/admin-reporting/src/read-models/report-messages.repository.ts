import type { deliveryStatusChanged, forwardSent, logEntryWritten, PayloadOf } from '@multimfa/events';
import { namedStatement } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';

/** One more in a day's count of a channel. */
const COUNT_ON_DAY = namedStatement(
  'report.count-on-day',
  `INSERT INTO message_count (day, channel, count) VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $2, 1)
  ON CONFLICT (day, channel) DO UPDATE SET count = message_count.count + 1`,
);

/** Records a forward's sending; answers it only the first time. */
const RECORD_SENT = namedStatement(
  'report.record-sent',
  `INSERT INTO report_forward (forward_id, mfa_id, medium, sent_at) VALUES ($1, $2, $3, $4)
  ON CONFLICT (forward_id) DO UPDATE SET sent_at = EXCLUDED.sent_at WHERE report_forward.sent_at IS NULL
  RETURNING forward_id`,
);

/** A log entry, once. */
const INSERT_LOG = namedStatement(
  'report.insert-log',
  `INSERT INTO report_log (log_id, mfa_id, user_id, log_type, mobile_no, message, members, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (log_id) DO NOTHING`,
);

/**
 * The messages read models: texts and e-mails per day (`message_count`), one row per forward
 * (`report_forward`: its sending and its failure) and the message log (`report_log`). Written in the
 * transaction of the event applied.
 */
export class ReportMessagesRepository {
  /** One more in a day's count of `channel` (the UTC day of `at`). */
  async countOnDay(manager: EntityManager, channel: 'SMS' | 'EMAIL' | 'IN', at: string): Promise<void> {
    await manager.query(COUNT_ON_DAY, [at, channel]);
  }

  /** Records the forward's sending; true only the first time it is told. */
  async recordSent(manager: EntityManager, forward: PayloadOf<typeof forwardSent>): Promise<boolean> {
    const first: unknown[] = await manager.query(RECORD_SENT, [
      forward.forwardId,
      forward.mfaId,
      forward.medium,
      forward.sentAt,
    ]);
    return first.length > 0;
  }

  /** Records the forward's failure (the first time it is told). */
  async recordFailed(manager: EntityManager, change: PayloadOf<typeof deliveryStatusChanged>): Promise<void> {
    await manager.query(
      `INSERT INTO report_forward (forward_id, mfa_id, medium, failed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (forward_id) DO UPDATE SET failed_at = EXCLUDED.failed_at WHERE report_forward.failed_at IS NULL`,
      [change.forwardId, change.mfaId, change.medium, change.changedAt],
    );
  }

  /** The log entry (once). */
  async insertLog(manager: EntityManager, entry: PayloadOf<typeof logEntryWritten>): Promise<void> {
    await manager.query(INSERT_LOG, [
      entry.logId,
      entry.mfaId,
      entry.userId,
      entry.logType,
      entry.mobileNo,
      entry.message,
      JSON.stringify(entry.members),
      entry.createdAt,
    ]);
  }
}
