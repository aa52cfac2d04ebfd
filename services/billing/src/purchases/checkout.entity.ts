import type { PurchaseCompleted } from '@multimfa/events';
import type { MfaType } from '@multimfa/service-contracts/billing';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type CheckoutAction = 'CREATE' | 'UPGRADE';
export type CheckoutStatus = 'PENDING' | 'COMPLETED' | 'REFUNDED';

/**
 * What create-intent recorded: who buys which plan for which MFA, the draft of a new one, the discount
 * and the amounts (cents) computed then. Completed once: the purchase it produced is kept on it.
 */
@Entity({ name: 'checkout' })
export class Checkout {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @Column({ name: 'mfa_type', type: 'varchar', length: 8 })
  mfaType!: MfaType;

  @Column({ type: 'varchar', length: 7 })
  action!: CheckoutAction;

  /** The new MFA's id (chosen here) or the upgraded MultiMFA's. */
  @Column({ name: 'mfa_id', type: 'uuid' })
  mfaId!: string;

  @Column({ name: 'plan_id', type: 'smallint' })
  planId!: number;

  @Column({ name: 'plan_name', type: 'varchar', length: 40 })
  planName!: string;

  @Column({ name: 'no_of_users', type: 'smallint' })
  noOfUsers!: number;

  @Column({ name: 'draft_name', type: 'varchar', length: 100, nullable: true })
  draftName!: string | null;

  @Column({ name: 'draft_description', type: 'varchar', length: 1000, nullable: true })
  draftDescription!: string | null;

  @Column({ name: 'draft_country_id', type: 'integer', nullable: true })
  draftCountryId!: number | null;

  @Column({ name: 'discount_id', type: 'uuid', nullable: true })
  discountId!: string | null;

  /** The plan's price. */
  /** The waitlist address whose 20%-off offer this checkout takes (then no discount code is used). */
  @Column({ name: 'waitlist_offer_address', type: 'varchar', length: 254, nullable: true })
  waitlistOfferAddress!: string | null;

  @Column({ name: 'actual_amount_cents', type: 'integer' })
  actualAmountCents!: number;

  @Column({ name: 'discount_amount_cents', type: 'integer' })
  discountAmountCents!: number;

  /** What is charged: the price less the discount. */
  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 9 })
  status!: CheckoutStatus;

  @Column({ name: 'payment_intent_id', type: 'varchar', length: 255, nullable: true })
  paymentIntentId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  purchase!: PurchaseCompleted | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
