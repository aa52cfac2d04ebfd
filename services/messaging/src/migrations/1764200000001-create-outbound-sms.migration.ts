import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SMS the product sends on its own behalf (a member's invitation, for members reached by mobile), with
 * their delivery state; the token stays sealed for messaging until sent, then is dropped.
 */
export class CreateOutboundSms1764200000001 implements MigrationInterface {
  name = 'CreateOutboundSms1764200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbound_sms (
        sms_id uuid PRIMARY KEY,
        kind varchar(40) NOT NULL,
        mfa_id uuid NOT NULL,
        to_number varchar(32) NOT NULL,
        first_name varchar(200) NOT NULL,
        sealed_code varchar(200),
        expires_at timestamptz,
        status varchar(10) NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
        provider_message_id varchar(200),
        attempts smallint NOT NULL DEFAULT 0,
        last_error text,
        correlation_id varchar(128),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX outbound_sms_queued ON outbound_sms (created_at) WHERE status = 'QUEUED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbound_sms');
  }
}
