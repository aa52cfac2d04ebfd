import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When the bot API last accepted each bot's key (noted at most once a minute); null: never. */
export class BotLastUsed1767700000000 implements MigrationInterface {
  name = 'BotLastUsed1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE bot ADD COLUMN last_used_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE bot DROP COLUMN last_used_at');
  }
}
