import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscription whose MFA or owner was deleted ENDS: it is never renewed, charged or reactivated
 * again (`ended_at` says when).
 */
export class SubscriptionEnded1767200000000 implements MigrationInterface {
  name = 'SubscriptionEnded1767200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE subscription DROP CONSTRAINT subscription_status_check');
    await queryRunner.query(
      `ALTER TABLE subscription ADD CONSTRAINT subscription_status_check
         CHECK (status IN ('ACTIVE', 'EXPIRED', 'ENDED'))`,
    );
    await queryRunner.query('ALTER TABLE subscription ADD COLUMN ended_at timestamptz');
    await queryRunner.query(
      `ALTER TABLE subscription ADD CONSTRAINT subscription_ended_at_check
         CHECK ((status = 'ENDED') = (ended_at IS NOT NULL))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE subscription DROP CONSTRAINT subscription_ended_at_check');
    await queryRunner.query('ALTER TABLE subscription DROP COLUMN ended_at');
    await queryRunner.query(`UPDATE subscription SET status = 'EXPIRED' WHERE status = 'ENDED'`);
    await queryRunner.query('ALTER TABLE subscription DROP CONSTRAINT subscription_status_check');
    await queryRunner.query(
      `ALTER TABLE subscription ADD CONSTRAINT subscription_status_check CHECK (status IN ('ACTIVE', 'EXPIRED'))`,
    );
  }
}
