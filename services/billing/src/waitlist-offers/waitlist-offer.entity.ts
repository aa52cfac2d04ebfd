import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A confirmed waitlist address's promise of 20% off its first MultiMFA, and the checkout that used it. */
@Entity({ name: 'waitlist_offer' })
export class WaitlistOffer {
  @PrimaryColumn({ name: 'email_address', type: 'varchar', length: 254 })
  emailAddress!: string;

  @Column({ name: 'signup_id', type: 'uuid' })
  signupId!: string;

  @Column({ name: 'confirmed_at', type: 'timestamptz' })
  confirmedAt!: Date;

  @Column({ name: 'redeemed_at', type: 'timestamptz', nullable: true })
  redeemedAt!: Date | null;

  @Column({ name: 'checkout_id', type: 'uuid', nullable: true })
  checkoutId!: string | null;
}
