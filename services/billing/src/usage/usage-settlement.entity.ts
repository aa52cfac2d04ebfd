import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Why a period's usage is settled: with the renewal invoice (RENEWAL), or on an overage invoice of its
 * own because the subscription did not renew at the period's end (NOT_RENEWED: auto-renewal off, the
 * owner deactivated), ended mid-period (ENDED: its MFA or its owner deleted), or changed plan
 * mid-period (PLAN_CHANGED: the part of the period before the change).
 */
export type SettlementReason = 'RENEWAL' | 'NOT_RENEWED' | 'ENDED' | 'PLAN_CHANGED';

/**
 * PENDING until `periodEnd`; CHARGING once its overage invoice is reserved (committed before the
 * charge, so every retry charges that invoice with the same key); INVOICED when the charge's outcome
 * is written (the invoice says PAID or UNPAID); NOTHING_OVER when the period stayed within its
 * allowance (no invoice); BELOW_MINIMUM when its texts over came to less than the smallest amount a
 * card can be charged (no invoice: waived); IN_RENEWAL when the renewal invoice carries it.
 */
export type SettlementState =
  | 'PENDING'
  | 'CHARGING'
  | 'INVOICED'
  | 'NOTHING_OVER'
  | 'BELOW_MINIMUM'
  | 'IN_RENEWAL';

/** A period's usage over the allowance, invoiced once: one row per subscription and usage period. */
@Entity({ name: 'usage_settlement' })
export class UsageSettlement {
  @PrimaryColumn({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  /** The usage period's start (`subscription_usage.period_start`). */
  @PrimaryColumn({ name: 'period_start', type: 'timestamptz' })
  periodStart!: Date;

  /** When the period (or its part before a plan change) ended: its overage is invoiced from then on. */
  @Column({ name: 'period_end', type: 'timestamptz' })
  periodEnd!: Date;

  @Column({ type: 'varchar', length: 12 })
  reason!: SettlementReason;

  /** "MultiMFA Basic": the plan the period was sold with. */
  @Column({ name: 'plan_label', type: 'varchar', length: 60 })
  planLabel!: string;

  @Column({ name: 'texts_per_month', type: 'integer' })
  textsPerMonth!: number;

  @Column({ name: 'extra_text_price_cents', type: 'integer' })
  extraTextPriceCents!: number;

  @Column({ type: 'varchar', length: 13 })
  state!: SettlementState;

  /** The invoice that bills it: the renewal's, or its own overage invoice. */
  @Column({ name: 'invoice_id', type: 'uuid', nullable: true })
  invoiceId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
