import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether a user's MFAs may work: identity's latest word on the owner (deactivated or reactivated,
 * deleted), with the time of the event that said it, so an older event never overrides a newer one
 * and nothing reactivates a deleted owner. A user without a row was never deactivated.
 */
export class CreateUserStanding1767400000000 implements MigrationInterface {
  name = 'CreateUserStanding1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_standing (
        user_id uuid PRIMARY KEY,
        is_active boolean NOT NULL,
        deleted_at timestamptz,
        changed_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE user_standing');
  }
}
