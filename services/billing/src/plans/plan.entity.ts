import type { MfaType } from '@multimfa/service-contracts/billing';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A plan of the catalogue: seeded by a migration, editable as data. Money in cents. */
@Entity({ name: 'plan' })
export class Plan {
  @PrimaryGeneratedColumn('identity', { name: 'plan_id', type: 'smallint' })
  id!: number;

  @Column({ name: 'mfa_type', type: 'varchar', length: 8 })
  mfaType!: MfaType;

  @Column({ name: 'plan_name', type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  description!: string;

  @Column({ name: 'base_price_cents', type: 'integer' })
  basePriceCents!: number;

  /** Seats of a MultiMFA, bots of a RoboMFA. */
  @Column({ name: 'no_of_users', type: 'smallint' })
  noOfUsers!: number;

  @Column({ name: 'texts_per_month', type: 'integer' })
  textsPerMonth!: number;

  @Column({ name: 'extra_text_price_cents', type: 'smallint' })
  extraTextPriceCents!: number;

  /** The plan's own lines for its pricing card, after the ones derived from its figures. */
  @Column({ type: 'text', array: true })
  features!: string[];

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;
}
