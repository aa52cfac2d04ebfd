import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's Stripe customer. */
@Entity({ name: 'stripe_customer' })
export class StripeCustomer {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @Column({ name: 'email_address', type: 'varchar', length: 254 })
  emailAddress!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
