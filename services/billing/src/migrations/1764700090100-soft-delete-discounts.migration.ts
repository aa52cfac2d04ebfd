import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleted discounts stay for the purchases that used them, marked; a code is unique (any case) among
 * the discounts not deleted, so a deleted code can be created again.
 */
export class SoftDeleteDiscounts1764700090100 implements MigrationInterface {
  name = 'SoftDeleteDiscounts1764700090100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE discount ADD COLUMN deleted_at timestamptz');
    await queryRunner.query('DROP INDEX discount_code_key');
    await queryRunner.query(
      'CREATE UNIQUE INDEX discount_code_key ON discount (lower(code)) WHERE deleted_at IS NULL',
    );
    await queryRunner.query('CREATE INDEX discount_created_at ON discount (created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX discount_created_at');
    await queryRunner.query('DROP INDEX discount_code_key');
    await queryRunner.query('CREATE UNIQUE INDEX discount_code_key ON discount (lower(code))');
    await queryRunner.query('ALTER TABLE discount DROP COLUMN deleted_at');
  }
}
