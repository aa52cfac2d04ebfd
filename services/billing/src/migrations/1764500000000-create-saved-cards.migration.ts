import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mirror of each customer's saved cards at Stripe (card PaymentMethods attached to the customer):
 * what the card pages list without asking Stripe, which card is the default (one per user), and the
 * payment of invoices with a saved card (its PaymentIntent, the attempts, why the last one failed).
 */
export class CreateSavedCards1764500000000 implements MigrationInterface {
  name = 'CreateSavedCards1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE saved_card (
        id varchar(255) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES stripe_customer (user_id),
        stripe_customer_id varchar(255) NOT NULL,
        name varchar(30),
        last4 varchar(4) NOT NULL,
        brand varchar(20) NOT NULL,
        country varchar(2),
        exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
        exp_year smallint NOT NULL CHECK (exp_year BETWEEN 2000 AND 2200),
        address_zip varchar(20),
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX saved_card_user_id_idx ON saved_card (user_id, created_at)');
    await queryRunner.query(
      'CREATE UNIQUE INDEX saved_card_one_default_key ON saved_card (user_id) WHERE is_default',
    );

    await queryRunner.query(`
      ALTER TABLE invoice
        ADD COLUMN payment_intent_id varchar(255) UNIQUE,
        ADD COLUMN payment_attempts integer NOT NULL DEFAULT 0 CHECK (payment_attempts >= 0),
        ADD COLUMN paid_card_id varchar(255),
        ADD COLUMN last_payment_error varchar(300)`);
    await queryRunner.query('CREATE INDEX invoice_user_id_date_idx ON invoice (user_id, invoice_date DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX invoice_user_id_date_idx');
    await queryRunner.query(`
      ALTER TABLE invoice
        DROP COLUMN last_payment_error,
        DROP COLUMN paid_card_id,
        DROP COLUMN payment_attempts,
        DROP COLUMN payment_intent_id`);
    await queryRunner.query('DROP TABLE saved_card');
  }
}
