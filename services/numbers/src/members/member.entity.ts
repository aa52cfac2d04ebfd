import type { ForwardMedium, MemberStatus } from '@multimfa/api-contract';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Someone a MultiMFA's codes are forwarded to, once they accepted the invitation. */
@Entity({ name: 'member' })
export class MemberEntity {
  @PrimaryColumn({ name: 'member_id', type: 'uuid' })
  memberId!: string;

  @Column({ name: 'mfa_id', type: 'uuid' })
  mfaId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 50 })
  lastName!: string;

  /** E.164; empty when the medium is EMAIL. */
  @Column({ name: 'mobile_no', type: 'varchar', length: 16 })
  mobileNo!: string;

  /** Lower case; empty when the medium is MOBILE_NUMBER. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'forward_medium', type: 'varchar', length: 13 })
  forwardMedium!: ForwardMedium;

  @Column({ type: 'varchar', length: 15 })
  status!: MemberStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
