import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which bot read, waited for or claimed which text, and when: one row per text, bot and action, the
 * first time kept (the RoboMFA page shows it; an audit of who used which code reads it too).
 */
export class CreateBotMessageAction1767700000000 implements MigrationInterface {
  name = 'CreateBotMessageAction1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bot_message_action (
        message_id uuid NOT NULL REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        bot_id uuid NOT NULL,
        action varchar(8) NOT NULL CHECK (action IN ('read', 'waited', 'claimed')),
        at timestamptz NOT NULL,
        PRIMARY KEY (message_id, bot_id, action)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE bot_message_action');
  }
}
