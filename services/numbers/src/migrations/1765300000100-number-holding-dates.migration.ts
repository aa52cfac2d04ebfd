import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a held number moves on: a RESERVED number (its MFA's subscription expired) until
 * `reserved_until`, then QUARANTINED until `quarantined_until`, then FREE; `held_for_user_id` is the
 * customer it is reserved for (and whose codes it carried while quarantined).
 */
export class NumberHoldingDates1765300000100 implements MigrationInterface {
  name = 'NumberHoldingDates1765300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE phone_number
        ADD COLUMN reserved_until timestamptz,
        ADD COLUMN quarantined_until timestamptz,
        ADD COLUMN held_for_user_id uuid,
        ADD CONSTRAINT phone_number_reserved_dated CHECK ((state = 'RESERVED') = (reserved_until IS NOT NULL)),
        ADD CONSTRAINT phone_number_quarantined_dated
          CHECK ((state = 'QUARANTINED') = (quarantined_until IS NOT NULL))`);
    await queryRunner.query(
      `CREATE INDEX phone_number_reserved_until ON phone_number (reserved_until) WHERE state = 'RESERVED'`,
    );
    await queryRunner.query(
      `CREATE INDEX phone_number_quarantined_until ON phone_number (quarantined_until) WHERE state = 'QUARANTINED'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX phone_number_quarantined_until');
    await queryRunner.query('DROP INDEX phone_number_reserved_until');
    await queryRunner.query(`
      ALTER TABLE phone_number
        DROP CONSTRAINT phone_number_quarantined_dated,
        DROP CONSTRAINT phone_number_reserved_dated,
        DROP COLUMN held_for_user_id,
        DROP COLUMN quarantined_until,
        DROP COLUMN reserved_until`);
  }
}
