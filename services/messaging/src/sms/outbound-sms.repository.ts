import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface QueuedSms {
  smsId: string;
  kind: 'MEMBER_INVITATION';
  /** The MultiMFA whose number the SMS goes out from. */
  mfaId: string;
  toNumber: string;
  firstName: string;
  sealedCode: string | null;
  expiresAt: string | null;
  correlationId: string | null;
}

export interface SmsToSend extends QueuedSms {
  status: 'QUEUED' | 'SENT' | 'FAILED';
  /** The MultiMFA's number as messaging knows it; null until numbers assigned one. */
  fromNumber: string | null;
  /** The customer who owns the MultiMFA (null: not known yet). */
  ownerId: string | null;
}

/** The `outbound_sms` table: the product's own SMS with their delivery state. */
@Injectable()
export class OutboundSmsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Records an SMS to send, once: false when it was recorded before. */
  async insertQueued(manager: EntityManager, sms: QueuedSms): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO outbound_sms (sms_id, kind, mfa_id, to_number, first_name, sealed_code, expires_at, correlation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (sms_id) DO NOTHING RETURNING sms_id`,
      [
        sms.smsId,
        sms.kind,
        sms.mfaId,
        sms.toNumber,
        sms.firstName,
        sms.sealedCode,
        sms.expiresAt,
        sms.correlationId,
      ],
    );
    return inserted.length > 0;
  }

  async find(smsId: string): Promise<SmsToSend | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT s.sms_id, s.kind, s.mfa_id, s.to_number, s.first_name, s.sealed_code, s.expires_at,
              s.correlation_id, s.status, v.number AS from_number, v.user_id AS owner_id
         FROM outbound_sms s LEFT JOIN mfa_view v ON v.mfa_id = s.mfa_id
        WHERE s.sms_id = $1`,
      [smsId],
    );
    if (!row) return undefined;
    return {
      smsId: row.sms_id,
      kind: row.kind,
      mfaId: row.mfa_id,
      toNumber: row.to_number,
      firstName: row.first_name,
      sealedCode: row.sealed_code,
      expiresAt: row.expires_at?.toISOString() ?? null,
      correlationId: row.correlation_id,
      status: row.status,
      fromNumber: row.from_number,
      ownerId: row.owner_id,
    };
  }

  /** Sent: the sealed token is no longer needed and is dropped. */
  async markSent(smsId: string, providerMessageId: string, attempt: number, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_sms SET status = 'SENT', provider_message_id = $2, attempts = $3, sent_at = $4,
              last_error = NULL, sealed_code = NULL
        WHERE sms_id = $1`,
      [smsId, providerMessageId, attempt, at],
    );
  }

  async recordFailedAttempt(smsId: string, attempt: number, reason: string): Promise<void> {
    await this.dataSource.query('UPDATE outbound_sms SET attempts = $2, last_error = $3 WHERE sms_id = $1', [
      smsId,
      attempt,
      reason.slice(0, 1000),
    ]);
  }

  /** SMS still QUEUED that were recorded before `olderThan`, oldest first (their job may be lost). */
  async queuedBefore(
    olderThan: Date,
    limit = 500,
  ): Promise<Array<{ smsId: string; correlationId: string | null }>> {
    const rows: Array<{ sms_id: string; correlation_id: string | null }> = await this.dataSource.query(
      `SELECT sms_id, correlation_id FROM outbound_sms
        WHERE status = 'QUEUED' AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((row) => ({ smsId: row.sms_id, correlationId: row.correlation_id }));
  }

  /** Given up: the sealed token is dropped too. */
  async markFailed(smsId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_sms SET status = 'FAILED', sealed_code = NULL WHERE sms_id = $1 AND status = 'QUEUED'`,
      [smsId],
    );
  }
}
