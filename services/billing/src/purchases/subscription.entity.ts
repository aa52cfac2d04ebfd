import type { MfaType } from '@multimfa/service-contracts/billing';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** ENDED: its MFA or its owner was deleted; never renewed, charged or reactivated again. */
export type SubscriptionStatus = 'ACTIVE' | 'EXPIRED' | 'ENDED';

/** The plan an MFA is paid for, its current period and when it renews. One per MFA. */
@Entity({ name: 'subscription' })
export class Subscription {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'mfa_id', type: 'uuid' })
  mfaId!: string;

  @Column({ name: 'mfa_type', type: 'varchar', length: 8 })
  mfaType!: MfaType;

  @Column({ name: 'plan_id', type: 'smallint' })
  planId!: number;

  @Column({ name: 'plan_name', type: 'varchar', length: 40 })
  planName!: string;

  @Column({ name: 'base_price_cents', type: 'integer' })
  basePriceCents!: number;

  @Column({ name: 'no_of_users', type: 'smallint' })
  noOfUsers!: number;

  @Column({ type: 'varchar', length: 7 })
  status!: SubscriptionStatus;

  @Column({ name: 'period_start', type: 'timestamptz' })
  periodStart!: Date;

  @Column({ name: 'next_payment_date', type: 'timestamptz' })
  nextPaymentDate!: Date;

  @Column({ name: 'auto_renewal', type: 'boolean' })
  autoRenewal!: boolean;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
