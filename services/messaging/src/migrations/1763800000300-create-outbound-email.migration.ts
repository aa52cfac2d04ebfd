import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every e-mail the product sends, with its delivery state; never its content (codes are secrets). */
export class CreateOutboundEmail1763800000300 implements MigrationInterface {
  name = 'CreateOutboundEmail1763800000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbound_email (
        email_id uuid PRIMARY KEY,
        user_id uuid,
        kind varchar(40) NOT NULL,
        to_address varchar(254) NOT NULL,
        subject varchar(200) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
        provider_message_id varchar(200),
        attempts smallint NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX outbound_email_created_at ON outbound_email (created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbound_email');
  }
}
