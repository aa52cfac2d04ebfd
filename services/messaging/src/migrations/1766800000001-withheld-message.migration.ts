import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Texts kept but not forwarded because their MFA's subscription was not active: the bot feed never
 * serves them, also once the subscription is renewed.
 */
export class WithheldMessage1766800000001 implements MigrationInterface {
  name = 'WithheldMessage1766800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE withheld_message (
        message_id uuid PRIMARY KEY REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        withheld_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE withheld_message');
  }
}
