import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's customer row is kept from sign-up (address and name, for the waitlist offer and for Stripe),
 * and its Stripe customer is created only when first needed: the first checkout or card.
 */
export class PendingCustomers1767400000200 implements MigrationInterface {
  name = 'PendingCustomers1767400000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE stripe_customer ALTER COLUMN stripe_customer_id DROP NOT NULL');
    await queryRunner.query("ALTER TABLE stripe_customer ADD COLUMN name varchar(255) NOT NULL DEFAULT ''");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM stripe_customer WHERE stripe_customer_id IS NULL');
    await queryRunner.query('ALTER TABLE stripe_customer DROP COLUMN name');
    await queryRunner.query('ALTER TABLE stripe_customer ALTER COLUMN stripe_customer_id SET NOT NULL');
  }
}
