import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type UserType = 'ADMIN' | 'CUSTOMER';
export type Provider = 'NONE' | 'GOOGLE';

@Entity({ name: 'app_user' })
export class User {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'email_address', type: 'varchar', length: 254 })
  emailAddress!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 60 })
  lastName!: string;

  @Column({ name: 'mobile_no', type: 'varchar', length: 16 })
  mobileNo!: string;

  @Column({ name: 'user_type', type: 'varchar', length: 10 })
  userType!: UserType;

  @Column({ type: 'varchar', length: 10 })
  provider!: Provider;

  @Column({ name: 'is_verified', type: 'boolean' })
  isVerified!: boolean;

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'service_agreement_agreed', type: 'boolean' })
  serviceAgreementAgreed!: boolean;

  @Column({ name: 'receive_marketing_emails', type: 'boolean' })
  receiveMarketingEmails!: boolean;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt!: Date | null;

  /** When the owner was last told that someone signed up with this address (at most once a day). */
  @Column({ name: 'account_exists_notice_at', type: 'timestamptz', nullable: true })
  accountExistsNoticeAt!: Date | null;

  /** Set when an administrator deleted the account (kept for the record, never signs in again). */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
