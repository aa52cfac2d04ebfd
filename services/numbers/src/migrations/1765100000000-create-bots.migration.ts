import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bots of RoboMFAs. A bot's API key is kept encrypted (its owner can copy it again) and hashed
 * (SHA-256, the lookup of a key a bot presents). Deleting a bot deletes its row: its key stops working.
 */
export class CreateBots1765100000000 implements MigrationInterface {
  name = 'CreateBots1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE bot (
        bot_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL REFERENCES mfa (mfa_id) ON DELETE CASCADE,
        reference_name varchar(100) NOT NULL,
        key_hash char(64) NOT NULL,
        key_ciphertext text NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bot_key_hash_key UNIQUE (key_hash)
      )`);
    await queryRunner.query('CREATE INDEX bot_by_mfa ON bot (mfa_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE bot');
  }
}
