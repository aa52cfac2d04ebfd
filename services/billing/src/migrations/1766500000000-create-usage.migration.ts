import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Texts metered per subscription and period (the period is keyed by its start), and the lines of an
 * invoice: a renewal invoice has the plan's line and, when the ended period went over its allowance,
 * one line for the texts over it.
 */
export class CreateUsage1766500000000 implements MigrationInterface {
  name = 'CreateUsage1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE subscription_usage (
        subscription_id uuid NOT NULL REFERENCES subscription (id),
        period_start timestamptz NOT NULL,
        texts integer NOT NULL CHECK (texts >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subscription_id, period_start)
      )`);
    await queryRunner.query(`
      CREATE TABLE invoice_line (
        invoice_id uuid NOT NULL REFERENCES invoice (id),
        line_no smallint NOT NULL CHECK (line_no > 0),
        description varchar(200) NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        PRIMARY KEY (invoice_id, line_no)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE invoice_line');
    await queryRunner.query('DROP TABLE subscription_usage');
  }
}
