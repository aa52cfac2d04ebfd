import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every text that reached one of our numbers, stored before Twilio is answered. `message_sid` makes a
 * redelivery a no-op; `feed_position` orders an MFA's messages for the bot feed's cursor.
 */
export class CreateInboundMessage1764100000000 implements MigrationInterface {
  name = 'CreateInboundMessage1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE inbound_message (
        message_id uuid PRIMARY KEY,
        message_sid varchar(64) NOT NULL UNIQUE,
        feed_position bigserial NOT NULL UNIQUE,
        mfa_id uuid,
        mfa_type varchar(16) CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        to_number varchar(32) NOT NULL,
        from_number varchar(64) NOT NULL,
        body text NOT NULL,
        code varchar(64),
        code_service varchar(100),
        received_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX inbound_message_mfa_feed ON inbound_message (mfa_id, feed_position) WHERE mfa_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE inbound_message');
  }
}
