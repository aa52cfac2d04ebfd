import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' e-mail address and name as identity's events tell them (`user_contact`), so messaging can
 * write to an MFA's owner without calling identity; and what the e-mail telling an owner that a member
 * rejected their invitation says (`invitation_rejection_notice`, one per e-mail, same id).
 */
export class OwnerContact1766800000002 implements MigrationInterface {
  name = 'OwnerContact1766800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE user_contact (
        user_id uuid PRIMARY KEY,
        email_address varchar(320) NOT NULL,
        first_name varchar(200) NOT NULL,
        last_name varchar(200) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE invitation_rejection_notice (
        email_id uuid PRIMARY KEY,
        mfa_name varchar(200) NOT NULL,
        member_first_name varchar(200) NOT NULL,
        member_last_name varchar(200) NOT NULL,
        member_contact varchar(320) NOT NULL,
        rejected_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE invitation_rejection_notice');
    await queryRunner.query('DROP TABLE user_contact');
  }
}
