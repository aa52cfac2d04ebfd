import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forwarding: messaging's own view of MFAs and members (built from numbers' events, so the inbound
 * hot path calls no other service), one forward per message, member and medium with its delivery
 * status, the message log the admin area reads, and per-MFA counts.
 */
export class CreateForwarding1764200000000 implements MigrationInterface {
  name = 'CreateForwarding1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mfa_view (
        mfa_id uuid PRIMARY KEY,
        mfa_type varchar(16) CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        user_id uuid,
        subscription_id uuid,
        name varchar(200),
        number varchar(32),
        is_subscription_active boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX mfa_view_number ON mfa_view (number) WHERE number IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE member_view (
        member_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        mobile_no varchar(32) NOT NULL,
        email varchar(254) NOT NULL,
        forward_medium varchar(16) NOT NULL CHECK (forward_medium IN ('EMAIL', 'MOBILE_NUMBER', 'BOTH')),
        status varchar(16) NOT NULL CHECK (status IN ('AWAITING_INVITE', 'INVITE_SENT', 'VERIFIED'))
      )`);
    await queryRunner.query('CREATE INDEX member_view_mfa ON member_view (mfa_id)');
    await queryRunner.query(`
      CREATE TABLE forward (
        forward_id uuid PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES inbound_message (message_id),
        mfa_id uuid NOT NULL,
        member_id uuid NOT NULL,
        medium varchar(8) NOT NULL CHECK (medium IN ('EMAIL', 'SMS')),
        destination varchar(254) NOT NULL,
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'delivered', 'failed')),
        provider_message_id varchar(200),
        attempts smallint NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (message_id, member_id, medium)
      )`);
    await queryRunner.query(
      'CREATE INDEX forward_provider_message ON forward (provider_message_id) WHERE provider_message_id IS NOT NULL',
    );
    await queryRunner.query(`CREATE INDEX forward_queued ON forward (created_at) WHERE status = 'queued'`);
    await queryRunner.query(`
      CREATE TABLE message_log (
        log_id uuid PRIMARY KEY,
        mfa_id uuid,
        message_id uuid,
        log_type varchar(12) NOT NULL CHECK (log_type IN ('INFO', 'ERROR', 'WARNING', 'VALIDATION')),
        mobile_no varchar(64) NOT NULL,
        message text NOT NULL,
        members jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX message_log_created_at ON message_log (created_at)');
    await queryRunner.query(`
      CREATE TABLE mfa_message_count (
        mfa_id uuid PRIMARY KEY,
        success_count integer NOT NULL DEFAULT 0,
        failure_count integer NOT NULL DEFAULT 0,
        sms_count integer NOT NULL DEFAULT 0,
        email_count integer NOT NULL DEFAULT 0
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mfa_message_count, message_log, forward, member_view, mfa_view');
  }
}
