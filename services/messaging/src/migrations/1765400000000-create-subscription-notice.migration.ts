import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the e-mail telling a customer their subscription expired says (one per e-mail, same id). */
export class CreateSubscriptionNotice1765400000000 implements MigrationInterface {
  name = 'CreateSubscriptionNotice1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscription_notice (
        email_id uuid PRIMARY KEY,
        mfa_type varchar(8) NOT NULL,
        plan_name varchar(50) NOT NULL,
        reason varchar(24) NOT NULL,
        invoice_no varchar(20),
        amount_cents integer,
        message varchar(300),
        expired_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE subscription_notice');
  }
}
