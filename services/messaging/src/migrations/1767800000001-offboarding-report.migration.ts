import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An offboarding report per removed member (its id is the removal event's, and its e-mail's): the
 * services whose codes the member received in the 90 days before, with the last time each. Metadata
 * only (service names and dates), so retention leaves it.
 */
export class OffboardingReport1767800000001 implements MigrationInterface {
  name = 'OffboardingReport1767800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE offboarding_report (
        report_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        user_id uuid NOT NULL,
        member_id uuid NOT NULL,
        mfa_name varchar(200) NOT NULL,
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        removed_at timestamptz NOT NULL,
        services jsonb NOT NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX offboarding_report_by_mfa ON offboarding_report (mfa_id, removed_at DESC)',
    );
    await queryRunner.query('CREATE INDEX forward_by_member ON forward (member_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX forward_by_member');
    await queryRunner.query('DROP TABLE offboarding_report');
  }
}
