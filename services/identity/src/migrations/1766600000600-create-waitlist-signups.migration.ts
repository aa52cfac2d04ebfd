import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The waitlist (/promotion): one row per address, its live code's keyed HMAC, and when it was confirmed. */
export class CreateWaitlistSignups1766600000600 implements MigrationInterface {
  name = 'CreateWaitlistSignups1766600000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE waitlist_signup (
        signup_id uuid PRIMARY KEY,
        email_address varchar(254) NOT NULL CHECK (email_address = lower(email_address)),
        code_id uuid,
        code_hash char(64),
        code_expires_at timestamptz,
        failed_attempts smallint NOT NULL DEFAULT 0,
        codes_issued smallint NOT NULL DEFAULT 0,
        issue_window_started_at timestamptz,
        verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX waitlist_signup_email_address ON waitlist_signup (email_address)',
    );
    await queryRunner.query(
      'CREATE INDEX waitlist_signup_verified ON waitlist_signup (verified_at) WHERE verified_at IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE waitlist_signup');
  }
}
