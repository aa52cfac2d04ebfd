import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models fed by messaging's events: the message log of /admin/logs, one row per forward
 * (its sending and its failure, for Advanced logs and the dashboard's periods), and texts received
 * per day beside the sms and email counts. Log indexes follow the Logs filters: every combination of
 * type and mobile number has an index whose order is the page's (newest first), so a page of 25 reads
 * 25 index entries and the From/To bounds are a range on the same index.
 */
export class MessageReadModels1766400000000 implements MigrationInterface {
  name = 'MessageReadModels1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE report_log (
        log_id uuid PRIMARY KEY,
        mfa_id uuid,
        user_id uuid,
        log_type varchar(10) NOT NULL CHECK (log_type IN ('INFO', 'ERROR', 'WARNING', 'VALIDATION')),
        mobile_no text NOT NULL,
        message text NOT NULL,
        members jsonb NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX report_log_by_time ON report_log (created_at DESC, log_id DESC)');
    await queryRunner.query(
      'CREATE INDEX report_log_by_type ON report_log (log_type, created_at DESC, log_id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX report_log_by_number ON report_log (mobile_no, created_at DESC, log_id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX report_log_by_number_type ON report_log (mobile_no, log_type, created_at DESC, log_id DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE report_forward (
        forward_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        medium varchar(5) NOT NULL CHECK (medium IN ('SMS', 'EMAIL')),
        sent_at timestamptz,
        failed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX report_forward_by_mfa ON report_forward (mfa_id)');
    await queryRunner.query('CREATE INDEX report_forward_sent ON report_forward (medium, sent_at)');
    await queryRunner.query('ALTER TABLE message_count DROP CONSTRAINT message_count_channel_check');
    await queryRunner.query(
      `ALTER TABLE message_count ADD CONSTRAINT message_count_channel_check
         CHECK (channel IN ('SMS', 'EMAIL', 'IN'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM message_count WHERE channel = 'IN'`);
    await queryRunner.query('ALTER TABLE message_count DROP CONSTRAINT message_count_channel_check');
    await queryRunner.query(
      `ALTER TABLE message_count ADD CONSTRAINT message_count_channel_check CHECK (channel IN ('SMS', 'EMAIL'))`,
    );
    await queryRunner.query('DROP TABLE report_forward');
    await queryRunner.query('DROP TABLE report_log');
  }
}
