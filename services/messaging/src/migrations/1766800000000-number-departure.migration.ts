import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Numbers that left an MFA (quarantined, or the MFA deleted): an MFA event still carrying such a
 * number (numbers' MFA and phone-number topics are not ordered with each other) never gives it back.
 * A later assignment of the same number to the same MFA removes the row.
 */
export class NumberDeparture1766800000000 implements MigrationInterface {
  name = 'NumberDeparture1766800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE number_departure (
        mfa_id uuid NOT NULL,
        number varchar(32) NOT NULL,
        departed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (mfa_id, number)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE number_departure');
  }
}
