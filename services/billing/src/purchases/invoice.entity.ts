import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type InvoiceStatus = 'PAID' | 'UNPAID';

/** An invoice of a subscription; its number (INV-000001, …) comes from a database sequence. */
@Entity({ name: 'invoice' })
export class Invoice {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'invoice_no', type: 'varchar', length: 20, insert: false })
  invoiceNo!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'subscription_id', type: 'uuid' })
  subscriptionId!: string;

  /** The checkout it was paid with, for an invoice issued by a purchase. */
  @Column({ name: 'checkout_id', type: 'uuid', nullable: true })
  checkoutId!: string | null;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 200 })
  description!: string;

  @Column({ type: 'varchar', length: 6 })
  status!: InvoiceStatus;

  @Column({ name: 'invoice_date', type: 'timestamptz' })
  invoiceDate!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  /** The PaymentIntent that paid it with a saved card (invoice payment). */
  @Column({ name: 'payment_intent_id', type: 'varchar', length: 255, nullable: true, insert: false })
  paymentIntentId!: string | null;

  /** Tries to pay it with a saved card so far; each try has its own Stripe idempotency key. */
  @Column({ name: 'payment_attempts', type: 'integer', insert: false })
  paymentAttempts!: number;

  @Column({ name: 'paid_card_id', type: 'varchar', length: 255, nullable: true, insert: false })
  paidCardId!: string | null;

  /** Why the last try failed, as the customer was told. */
  @Column({ name: 'last_payment_error', type: 'varchar', length: 300, nullable: true, insert: false })
  lastPaymentError!: string | null;
}
