import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When each code was last e-mailed: a new request resends the live code instead of minting one. */
export class CodeResends1763800000110 implements MigrationInterface {
  name = 'CodeResends1763800000110';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE one_time_code ADD COLUMN last_sent_at timestamptz NOT NULL DEFAULT now()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE one_time_code DROP COLUMN last_sent_at');
  }
}
