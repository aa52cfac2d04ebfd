import type { notificationRequested, PayloadOf } from '@multimfa/events';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * What an outbound e-mail is: identity's notifications and numbers' invitations, a contact form
 * message to support, a notice (an expired subscription, a rejected invitation, a removed member's
 * offboarding report, a code from a service new to a number), a promotion.
 */
export type EmailKind =
  | PayloadOf<typeof notificationRequested>['kind']
  | 'MEMBER_INVITATION'
  | 'CONTACT_MESSAGE'
  | 'SUBSCRIPTION_EXPIRED'
  | 'WAITLIST_CODE'
  | 'DISCOUNT_OFFER'
  | 'INVITATION_REJECTED'
  | 'OFFBOARDING_REPORT'
  | 'NEW_SERVICE_CODE';

export interface QueuedEmail {
  emailId: string;
  userId: string | null;
  kind: EmailKind;
  toAddress: string;
  firstName: string;
  subject: string;
  sealedCode: string | null;
  expiresAt: string | null;
  correlationId: string | null;
}

export interface EmailToSend extends QueuedEmail {
  status: 'QUEUED' | 'SENT' | 'FAILED';
}

interface Row {
  email_id: string;
  user_id: string | null;
  kind: EmailKind;
  to_address: string;
  first_name: string;
  subject: string;
  sealed_code: string | null;
  expires_at: Date | null;
  correlation_id: string | null;
  status: EmailToSend['status'];
}

/** The `outbound_email` table: every e-mail with its delivery state. */
@Injectable()
export class EmailsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Records an e-mail to send, once: false when it was recorded before. */
  async insertQueued(manager: EntityManager, email: QueuedEmail): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO outbound_email
         (email_id, user_id, kind, to_address, first_name, subject, sealed_code, expires_at, correlation_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (email_id) DO NOTHING RETURNING email_id`,
      [
        email.emailId,
        email.userId,
        email.kind,
        email.toAddress,
        email.firstName,
        email.subject,
        email.sealedCode,
        email.expiresAt,
        email.correlationId,
      ],
    );
    return inserted.length > 0;
  }

  async find(emailId: string): Promise<EmailToSend | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT email_id, user_id, kind, to_address, first_name, subject, sealed_code, expires_at,
              correlation_id, status
         FROM outbound_email WHERE email_id = $1`,
      [emailId],
    );
    if (!row) return undefined;
    return {
      emailId: row.email_id,
      userId: row.user_id,
      kind: row.kind,
      toAddress: row.to_address,
      firstName: row.first_name,
      subject: row.subject,
      sealedCode: row.sealed_code,
      expiresAt: row.expires_at?.toISOString() ?? null,
      correlationId: row.correlation_id,
      status: row.status,
    };
  }

  /** E-mails still queued after `olderThan`: their job may have been lost between commit and enqueue. */
  async queuedBefore(
    olderThan: Date,
    limit = 500,
  ): Promise<Array<{ emailId: string; correlationId: string | null }>> {
    const rows: Array<{ email_id: string; correlation_id: string | null }> = await this.dataSource.query(
      `SELECT email_id, correlation_id FROM outbound_email
        WHERE status = 'QUEUED' AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [olderThan, limit],
    );
    return rows.map((row) => ({ emailId: row.email_id, correlationId: row.correlation_id }));
  }

  /** Sent: the sealed code is no longer needed and is dropped. */
  async markSent(
    emailId: string,
    providerMessageId: string | null,
    attempt: number,
    at: Date,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_email SET status = 'SENT', provider_message_id = $2, attempts = $3, sent_at = $4,
              last_error = NULL, sealed_code = NULL
        WHERE email_id = $1`,
      [emailId, providerMessageId, attempt, at],
    );
  }

  async recordFailedAttempt(emailId: string, attempt: number, reason: string): Promise<void> {
    await this.dataSource.query(
      'UPDATE outbound_email SET attempts = $2, last_error = $3 WHERE email_id = $1',
      [emailId, attempt, reason.slice(0, 1000)],
    );
  }

  /** Given up: the sealed code is dropped too. */
  async markFailed(emailId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE outbound_email SET status = 'FAILED', sealed_code = NULL WHERE email_id = $1 AND status = 'QUEUED'`,
      [emailId],
    );
  }
}
