import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the worker renders an e-mail from: the recipient's first name, the code sealed for messaging
 * (cleared once the e-mail is sent or given up) and its expiry, and the correlation id of the request.
 */
export class OutboundEmailContent1763800000301 implements MigrationInterface {
  name = 'OutboundEmailContent1763800000301';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE outbound_email
        ADD COLUMN first_name varchar(200) NOT NULL DEFAULT '',
        ADD COLUMN sealed_code varchar(200),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN correlation_id varchar(128)`);
    await queryRunner.query(
      `CREATE INDEX outbound_email_queued ON outbound_email (created_at) WHERE status = 'QUEUED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX outbound_email_queued');
    await queryRunner.query(
      'ALTER TABLE outbound_email DROP COLUMN first_name, DROP COLUMN sealed_code, DROP COLUMN expires_at, DROP COLUMN correlation_id',
    );
  }
}
