import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One address on the waitlist. Its live code is derived from `codeId` with the code key and stored only
 * as a keyed HMAC; `verifiedAt` is set once the owner typed the code (a prospect from then on).
 */
@Entity({ name: 'waitlist_signup' })
export class WaitlistSignup {
  @PrimaryColumn({ name: 'signup_id', type: 'uuid' })
  signupId!: string;

  @Column({ name: 'email_address', type: 'varchar', length: 254 })
  emailAddress!: string;

  @Column({ name: 'code_id', type: 'uuid', nullable: true })
  codeId!: string | null;

  @Column({ name: 'code_hash', type: 'char', length: 64, nullable: true })
  codeHash!: string | null;

  @Column({ name: 'code_expires_at', type: 'timestamptz', nullable: true })
  codeExpiresAt!: Date | null;

  @Column({ name: 'failed_attempts', type: 'smallint' })
  failedAttempts!: number;

  @Column({ name: 'codes_issued', type: 'smallint' })
  codesIssued!: number;

  @Column({ name: 'issue_window_started_at', type: 'timestamptz', nullable: true })
  issueWindowStartedAt!: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
