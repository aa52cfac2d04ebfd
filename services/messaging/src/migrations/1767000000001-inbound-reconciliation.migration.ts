import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far messaging has compared its stored texts with the SMS provider's log of received texts:
 * every text the provider logged before `checked_until` is stored (one row per provider).
 */
export class InboundReconciliation1767000000001 implements MigrationInterface {
  name = 'InboundReconciliation1767000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE inbound_reconciliation (
        provider varchar(16) PRIMARY KEY,
        checked_until timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE inbound_reconciliation');
  }
}
