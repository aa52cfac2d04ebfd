import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every time an owner revealed a text's code on a detail page: who and when (one row per reveal). The
 * audit of who used which code lists them beside the text's recipients and bots.
 */
export class CodeReveal1768000000000 implements MigrationInterface {
  name = 'CodeReveal1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE code_reveal (
        reveal_id uuid PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        mfa_id uuid NOT NULL,
        user_id uuid NOT NULL,
        revealed_by varchar(200) NOT NULL,
        revealed_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX code_reveal_message ON code_reveal (message_id, revealed_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE code_reveal');
  }
}
