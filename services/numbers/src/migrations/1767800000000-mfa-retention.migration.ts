import type { MigrationInterface, QueryRunner } from 'typeorm';

/** How many days messaging keeps the bodies and codes of each MFA's texts: 1 to 90, 30 by default. */
export class MfaRetention1767800000000 implements MigrationInterface {
  name = 'MfaRetention1767800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE mfa ADD COLUMN retention_days smallint NOT NULL DEFAULT 30
         CONSTRAINT mfa_retention_days_range CHECK (retention_days BETWEEN 1 AND 90)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE mfa DROP COLUMN retention_days');
  }
}
