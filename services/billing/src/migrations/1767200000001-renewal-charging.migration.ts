import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A renewal reserved before its charge: the row and its UNPAID invoice are committed as CHARGING, so
 * every retry of the charge (a lost answer, a crash after Stripe charged) asks Stripe with the same
 * invoice, amount and idempotency key, and the period is charged once.
 */
export class RenewalCharging1767200000001 implements MigrationInterface {
  name = 'RenewalCharging1767200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE renewal DROP CONSTRAINT renewal_outcome_check');
    await queryRunner.query(
      `ALTER TABLE renewal ADD CONSTRAINT renewal_outcome_check CHECK (outcome IN
         ('CHARGING', 'RENEWED', 'AUTO_RENEWAL_OFF', 'NO_CARD', 'PAYMENT_DECLINED', 'AUTHENTICATION_REQUIRED'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM renewal WHERE outcome = 'CHARGING'`);
    await queryRunner.query('ALTER TABLE renewal DROP CONSTRAINT renewal_outcome_check');
    await queryRunner.query(
      `ALTER TABLE renewal ADD CONSTRAINT renewal_outcome_check CHECK (outcome IN
         ('RENEWED', 'AUTO_RENEWAL_OFF', 'NO_CARD', 'PAYMENT_DECLINED', 'AUTHENTICATION_REQUIRED'))`,
    );
  }
}
