import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type RenewalOutcome =
  | 'RENEWED'
  | 'AUTO_RENEWAL_OFF'
  | 'NO_CARD'
  | 'PAYMENT_DECLINED'
  | 'AUTHENTICATION_REQUIRED';

/** A renewal's row: CHARGING between its reservation and the charge's outcome, then its outcome. */
export type RenewalState = 'CHARGING' | RenewalOutcome;

/** What happened at the end of one period of a subscription; one row per subscription and period. */
@Entity({ name: 'renewal' })
export class Renewal {
  @PrimaryColumn({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  /** The payment date that ended the period (the subscription's next payment date then). */
  @PrimaryColumn({ name: 'period_start', type: 'timestamptz' })
  periodStart!: Date;

  @Column({ type: 'varchar', length: 24 })
  outcome!: RenewalState;

  /** The renewal invoice (PAID or UNPAID); null when auto-renewal was off. */
  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
