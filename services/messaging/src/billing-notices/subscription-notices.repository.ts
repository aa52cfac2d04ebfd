import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What an e-mail about an expired subscription says. */
export interface SubscriptionNotice {
  emailId: string;
  mfaType: string;
  planName: string;
  reason: 'AUTO_RENEWAL_OFF' | 'NO_CARD' | 'PAYMENT_DECLINED' | 'AUTHENTICATION_REQUIRED';
  invoiceNo: string | null;
  amountCents: number | null;
  message: string | null;
  expiredAt: Date;
}

interface Row {
  email_id: string;
  mfa_type: string;
  plan_name: string;
  reason: SubscriptionNotice['reason'];
  invoice_no: string | null;
  amount_cents: number | null;
  message: string | null;
  expired_at: Date;
}

/** The `subscription_notice` table. */
@Injectable()
export class SubscriptionNoticesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, notice: SubscriptionNotice): Promise<void> {
    await manager.query(
      `INSERT INTO subscription_notice
         (email_id, mfa_type, plan_name, reason, invoice_no, amount_cents, message, expired_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (email_id) DO NOTHING`,
      [
        notice.emailId,
        notice.mfaType,
        notice.planName,
        notice.reason,
        notice.invoiceNo,
        notice.amountCents,
        notice.message?.slice(0, 300) ?? null,
        notice.expiredAt,
      ],
    );
  }

  async find(emailId: string): Promise<SubscriptionNotice | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT email_id, mfa_type, plan_name, reason, invoice_no, amount_cents, message, expired_at
         FROM subscription_notice WHERE email_id = $1`,
      [emailId],
    );
    if (!row) return undefined;
    return {
      emailId: row.email_id,
      mfaType: row.mfa_type,
      planName: row.plan_name,
      reason: row.reason,
      invoiceNo: row.invoice_no,
      amountCents: row.amount_cents,
      message: row.message,
      expiredAt: row.expired_at,
    };
  }
}
