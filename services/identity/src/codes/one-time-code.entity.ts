import { Column, Entity, PrimaryColumn } from 'typeorm';

export type CodePurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

/** One e-mailed code: only its keyed HMAC is stored. */
@Entity({ name: 'one_time_code' })
export class OneTimeCode {
  @PrimaryColumn({ name: 'code_id', type: 'uuid' })
  codeId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  purpose!: CodePurpose;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'failed_attempts', type: 'smallint' })
  failedAttempts!: number;

  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true })
  consumedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
