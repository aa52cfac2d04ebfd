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
}
