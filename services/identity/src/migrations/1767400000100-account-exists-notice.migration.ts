import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When the owner was last told that someone signed up with their address (at most once a day). */
export class AccountExistsNotice1767400000100 implements MigrationInterface {
  name = 'AccountExistsNotice1767400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE app_user ADD COLUMN account_exists_notice_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE app_user DROP COLUMN account_exists_notice_at');
  }
}
