import type { MfaKind } from '@multimfa/service-contracts/numbers';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const decimal = { to: (value: number) => value, from: (value: string) => Number(value) };

/** A MultiMFA or RoboMFA: what a purchase created, its plan and its number (or since when it waits for one). */
@Entity({ name: 'mfa' })
export class Mfa {
  /** Chosen by billing at checkout, so both completion paths name the same MFA. */
  @PrimaryColumn({ name: 'mfa_id', type: 'uuid' })
  mfaId!: string;

  @Column({ name: 'mfa_type', type: 'varchar', length: 8 })
  mfaType!: MfaKind;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 1000 })
  description!: string;

  @Column({ name: 'country_id', type: 'smallint' })
  countryId!: number;

  @Column({ name: 'plan_id', type: 'integer' })
  planId!: number;

  @Column({ name: 'plan_name', type: 'varchar', length: 50 })
  planName!: string;

  @Column({ name: 'base_price', type: 'numeric', precision: 10, scale: 2, transformer: decimal })
  basePrice!: number;

  /** Seats of a MultiMFA; bots of a RoboMFA. */
  @Column({ name: 'no_of_users', type: 'integer' })
  noOfUsers!: number;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  @Column({ name: 'auto_renewal', type: 'boolean' })
  autoRenewal!: boolean;

  @Column({ name: 'next_payment_date', type: 'timestamptz' })
  nextPaymentDate!: Date;

  @Column({ name: 'is_subscription_active', type: 'boolean' })
  isSubscriptionActive!: boolean;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'phone_number_id', type: 'integer', nullable: true })
  phoneNumberId!: number | null;

  /** Days messaging keeps the bodies and codes of its texts (1 to 90). */
  @Column({ name: 'retention_days', type: 'smallint', default: 30 })
  retentionDays!: number;

  /** Set while no number of its country was free. */
  @Column({ name: 'waiting_since', type: 'timestamptz', nullable: true })
  waitingSince!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** An MFA with what it shows of its country and number. */
export interface MfaView {
  mfa: Mfa;
  country: { countryId: number; name: string; diallingCode: string; isoCode: string };
  /** E.164, null while it waits. */
  number: string | null;
  /** Its members' ids (a MultiMFA's), oldest first. */
  memberIds: string[];
  /** Its bots' ids (a RoboMFA's), oldest first. */
  botIds: string[];
}
