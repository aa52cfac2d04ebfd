import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A card payment that completed a checkout (free checkouts have none). */
@Entity({ name: 'payment' })
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'checkout_id', type: 'uuid' })
  checkoutId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'payment_intent_id', type: 'varchar', length: 255 })
  paymentIntentId!: string;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;
}
