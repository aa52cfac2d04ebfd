import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000100 implements MigrationInterface {
  name = 'CreateUsers1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE app_user (
        user_id uuid PRIMARY KEY,
        email_address varchar(254) NOT NULL CHECK (email_address = lower(email_address)),
        password_hash text,
        first_name varchar(60) NOT NULL,
        last_name varchar(60) NOT NULL,
        mobile_no varchar(16) NOT NULL,
        user_type varchar(10) NOT NULL CHECK (user_type IN ('ADMIN', 'CUSTOMER')),
        provider varchar(10) NOT NULL CHECK (provider IN ('NONE', 'GOOGLE')),
        is_verified boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        service_agreement_agreed boolean NOT NULL DEFAULT false,
        receive_marketing_emails boolean NOT NULL DEFAULT false,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX app_user_email_address ON app_user (email_address)');
    await queryRunner.query('CREATE INDEX app_user_created_at ON app_user (created_at)');
    await queryRunner.query(`
      CREATE TABLE google_identity (
        subject varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
        email_address varchar(254) NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX google_identity_user ON google_identity (user_id)');
    await queryRunner.query(`
      CREATE TABLE one_time_code (
        code_id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES app_user (user_id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('VERIFY_EMAIL', 'RESET_PASSWORD')),
        code_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts smallint NOT NULL DEFAULT 0,
        consumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX one_time_code_lookup ON one_time_code (user_id, purpose, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE one_time_code');
    await queryRunner.query('DROP TABLE google_identity');
    await queryRunner.query('DROP TABLE app_user');
  }
}
