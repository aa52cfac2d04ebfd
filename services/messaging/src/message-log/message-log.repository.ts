import { randomUUID } from 'node:crypto';
import { Outbox, type OutboxEvent, outboxEvent } from '@multimfa/event-bus';
import { logEntryWritten } from '@multimfa/events';
import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type LogType = 'INFO' | 'ERROR' | 'WARNING' | 'VALIDATION';

export interface LogEntry {
  mfaId: string | null;
  /** The MFA's owner, when there is an MFA. */
  userId: string | null;
  messageId: string | null;
  logType: LogType;
  /** Our number the text was sent to. */
  mobileNo: string;
  message: string;
  members: Array<{ firstName: string; lastName: string }>;
  createdAt: Date;
}

/** One entry of the message log. */
const INSERT_LOG = namedStatement(
  'message-log.insert',
  `INSERT INTO message_log (log_id, mfa_id, message_id, log_type, mobile_no, message, members, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
);

/**
 * One forward more that a provider accepted, for the MFA (`mfa`; `sms` and `email` 1 or 0 by medium),
 * counted when the SQL condition `when` holds.
 */
export const countSuccessSql = (mfa: string, sms: string, email: string, when = 'true') =>
  `INSERT INTO mfa_message_count (mfa_id, success_count, sms_count, email_count)
  SELECT ${mfa}, 1, ${sms}, ${email} WHERE ${when}
  ON CONFLICT (mfa_id) DO UPDATE SET success_count = mfa_message_count.success_count + 1,
    sms_count = mfa_message_count.sms_count + EXCLUDED.sms_count,
    email_count = mfa_message_count.email_count + EXCLUDED.email_count`;

const COUNT_SUCCESS = namedStatement('message-log.count-success', countSuccessSql('$1', '$2', '$3'));

/**
 * The `message_log` table the admin area's Logs page reads (through admin-reporting's view), and the
 * per-MFA counts of Advanced logs and the dashboard's sms and email figures (`mfa_message_count`).
 * Each entry is published ("log entry written") in the transaction that writes it.
 */
@Injectable()
export class MessageLogRepository {
  constructor(@Inject(Outbox) private readonly outbox: Outbox) {}

  /** Writes the entry and publishes it. */
  async write(manager: EntityManager, entry: LogEntry): Promise<string> {
    const { logId, event } = await this.insert(manager, entry);
    await this.outbox.publishEach(manager, [event]);
    return logId;
  }

  /**
   * Writes the entry and gives back its event for the caller to publish, in this transaction, with
   * the other facts of its change: one outbox statement for all of them.
   */
  async insert(manager: EntityManager, entry: LogEntry): Promise<{ logId: string; event: OutboxEvent }> {
    const logId = randomUUID();
    await manager.query(INSERT_LOG, [
      logId,
      entry.mfaId,
      entry.messageId,
      entry.logType,
      entry.mobileNo,
      entry.message,
      JSON.stringify(entry.members),
      entry.createdAt,
    ]);
    const event = outboxEvent(logEntryWritten, {
      logId,
      mfaId: entry.mfaId,
      userId: entry.userId,
      logType: entry.logType,
      mobileNo: entry.mobileNo,
      message: entry.message,
      members: entry.members,
      createdAt: entry.createdAt.toISOString(),
    });
    return { logId, event };
  }

  /** One forward more that a provider accepted (`medium` counts towards the sms or email total). */
  async countSuccess(manager: EntityManager, mfaId: string, medium: 'EMAIL' | 'SMS'): Promise<void> {
    await manager.query(COUNT_SUCCESS, [mfaId, medium === 'SMS' ? 1 : 0, medium === 'EMAIL' ? 1 : 0]);
  }

  /**
   * One forward fewer that failed for good: a failed forward whose re-drive sent it counts as a
   * success (counted by `countSuccess`) and no longer as a failure, so the two counts stay the
   * forwards' outcomes, each forward once.
   */
  async uncountFailure(manager: EntityManager, mfaId: string): Promise<void> {
    await manager.query(
      'UPDATE mfa_message_count SET failure_count = GREATEST(failure_count - 1, 0) WHERE mfa_id = $1',
      [mfaId],
    );
  }

  /** One forward more that failed for good. */
  async countFailure(manager: EntityManager, mfaId: string): Promise<void> {
    await manager.query(
      `INSERT INTO mfa_message_count (mfa_id, failure_count) VALUES ($1, 1)
       ON CONFLICT (mfa_id) DO UPDATE SET failure_count = mfa_message_count.failure_count + 1`,
      [mfaId],
    );
  }
}
