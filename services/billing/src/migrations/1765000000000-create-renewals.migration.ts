import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per subscription and period renewed: the database's guard that a renewal runs once, however
 * many workers reach the payment date together (the primary key), and the invoice it issued, so paying
 * that invoice later reactivates an expired subscription.
 */
export class CreateRenewals1765000000000 implements MigrationInterface {
  name = 'CreateRenewals1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE renewal (
        subscription_id uuid NOT NULL REFERENCES subscription (id),
        period_start timestamptz NOT NULL,
        outcome varchar(24) NOT NULL
          CHECK (outcome IN ('RENEWED', 'AUTO_RENEWAL_OFF', 'NO_CARD', 'PAYMENT_DECLINED', 'AUTHENTICATION_REQUIRED')),
        invoice_id uuid UNIQUE REFERENCES invoice (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, period_start)
      )`);
    await queryRunner.query(
      `CREATE INDEX subscription_due_idx ON subscription (next_payment_date) WHERE status = 'ACTIVE'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX subscription_due_idx');
    await queryRunner.query('DROP TABLE renewal');
  }
}
