import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether billing may charge a user's card by itself: identity's latest word on the account
 * (deactivated or reactivated, deleted), with the time of the event that said it, so an older event
 * never overrides a newer one. A user without a row was never deactivated.
 */
export class CreateUserStanding1767300000001 implements MigrationInterface {
  name = 'CreateUserStanding1767300000001';

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
