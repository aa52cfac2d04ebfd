import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The MultiMFA, RoboMFA and members lists are ordered newest first with the id breaking ties (both
 * descending), so GraphQL reads them a keyset page at a time: each index now holds that whole order.
 */
export class KeysetListIndexes1795407801043 implements MigrationInterface {
  name = 'KeysetListIndexes1795407801043';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX report_mfa_by_type');
    await queryRunner.query(
      'CREATE INDEX report_mfa_by_type ON report_mfa (mfa_type, created_at DESC, mfa_id DESC)',
    );
    await queryRunner.query('DROP INDEX report_member_by_time');
    await queryRunner.query(
      'CREATE INDEX report_member_by_time ON report_member (created_at DESC, member_id DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX report_member_by_time');
    await queryRunner.query('CREATE INDEX report_member_by_time ON report_member (created_at DESC)');
    await queryRunner.query('DROP INDEX report_mfa_by_type');
    await queryRunner.query('CREATE INDEX report_mfa_by_type ON report_mfa (mfa_type, created_at DESC)');
  }
}
