import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A card saved at Stripe (a card PaymentMethod attached to the user's customer), mirrored here. */
@Entity({ name: 'saved_card' })
export class SavedCardRow {
  /** The Stripe PaymentMethod id. */
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 4 })
  last4!: string;

  @Column({ type: 'varchar', length: 20 })
  brand!: string;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  @Column({ name: 'exp_month', type: 'smallint' })
  expMonth!: number;

  @Column({ name: 'exp_year', type: 'smallint' })
  expYear!: number;

  @Column({ name: 'address_zip', type: 'varchar', length: 20, nullable: true })
  addressZip!: string | null;

  /** The card renewals charge (Stripe's invoice default payment method); one per user. */
  @Column({ name: 'is_default', type: 'boolean' })
  isDefault!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
