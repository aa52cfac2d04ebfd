import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Deleted accounts are kept (what law and invoices require) and marked; nothing signs in as them. */
export class SoftDeleteUsers1764600090100 implements MigrationInterface {
  name = 'SoftDeleteUsers1764600090100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE app_user ADD COLUMN deleted_at timestamptz');
    await queryRunner.query(
      `CREATE INDEX app_user_active_admins ON app_user (user_id)
        WHERE user_type = 'ADMIN' AND is_active AND deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX app_user_active_admins');
    await queryRunner.query('ALTER TABLE app_user DROP COLUMN deleted_at');
  }
}
