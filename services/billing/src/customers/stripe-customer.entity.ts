import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user's payment customer: recorded at sign-up, its Stripe customer made when first needed. */
@Entity({ name: 'stripe_customer' })
export class StripeCustomer {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Null until the first checkout or card needs the Stripe customer. */
  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255, nullable: true })
  stripeCustomerId!: string | null;

  @Column({ name: 'email_address', type: 'varchar', length: 254 })
  emailAddress!: string;

  /** The name the Stripe customer is made with. */
  @Column({ name: 'name', type: 'varchar', length: 255 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
