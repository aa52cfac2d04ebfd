import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Identity's latest word on a user, as billing needs it: a deactivated or deleted owner's card is
 * never charged by billing on its own (renewals, overage). No row: never deactivated.
 */
@Entity({ name: 'user_standing' })
export class UserStanding {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  /** When the event that set it occurred: an older event never overrides a newer one. */
  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
