import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Discounts, checkouts (what create-intent records), and what a completed checkout leaves: the payment,
 * its PAID invoice and the subscription; plus the Stripe events already handled. Money in cents.
 */
export class CreatePurchases1763800000220 implements MigrationInterface {
  name = 'CreatePurchases1763800000220';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE discount (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(30) NOT NULL CHECK (code = btrim(code) AND code <> ''),
        discount_type varchar(10) NOT NULL CHECK (discount_type IN ('FLAT', 'PERCENTAGE')),
        value numeric(10, 2) NOT NULL CHECK (value > 0 AND (discount_type = 'FLAT' OR value <= 100)),
        max_no_usage integer NOT NULL CHECK (max_no_usage > 0),
        used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0 AND used_count <= max_no_usage),
        is_active boolean NOT NULL DEFAULT true,
        expiry_date timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX discount_code_key ON discount (lower(code))');

    await queryRunner.query(`
      CREATE TABLE checkout (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        stripe_customer_id varchar(255) NOT NULL,
        mfa_type varchar(8) NOT NULL CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        action varchar(7) NOT NULL CHECK (action IN ('CREATE', 'UPGRADE')),
        mfa_id uuid NOT NULL,
        plan_id smallint NOT NULL REFERENCES plan (plan_id),
        plan_name varchar(40) NOT NULL,
        no_of_users smallint NOT NULL,
        draft_name varchar(100),
        draft_description varchar(1000),
        draft_country_id integer,
        discount_id uuid,
        actual_amount_cents integer NOT NULL CHECK (actual_amount_cents > 0),
        discount_amount_cents integer NOT NULL CHECK (discount_amount_cents >= 0),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency varchar(3) NOT NULL DEFAULT 'usd',
        status varchar(9) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'COMPLETED', 'REFUNDED')),
        payment_intent_id varchar(255) UNIQUE,
        purchase jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (amount_cents = actual_amount_cents - discount_amount_cents),
        CHECK (action = 'UPGRADE' OR (draft_name IS NOT NULL AND draft_country_id IS NOT NULL)),
        CHECK (status <> 'COMPLETED' OR purchase IS NOT NULL)
      )`);
    await queryRunner.query('CREATE INDEX checkout_user_id_idx ON checkout (user_id)');

    await queryRunner.query(`
      CREATE TABLE subscription (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        mfa_id uuid NOT NULL UNIQUE,
        mfa_type varchar(8) NOT NULL CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        plan_id smallint NOT NULL REFERENCES plan (plan_id),
        plan_name varchar(40) NOT NULL,
        base_price_cents integer NOT NULL,
        no_of_users smallint NOT NULL,
        status varchar(7) NOT NULL CHECK (status IN ('ACTIVE', 'EXPIRED')),
        period_start timestamptz NOT NULL,
        next_payment_date timestamptz NOT NULL,
        auto_renewal boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX subscription_user_id_idx ON subscription (user_id)');

    await queryRunner.query(`
      CREATE TABLE payment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        checkout_id uuid NOT NULL UNIQUE REFERENCES checkout (id),
        user_id uuid NOT NULL,
        payment_intent_id varchar(255) NOT NULL UNIQUE,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        currency varchar(3) NOT NULL,
        paid_at timestamptz NOT NULL
      )`);

    await queryRunner.query('CREATE SEQUENCE invoice_no_seq');
    await queryRunner.query(`
      CREATE TABLE invoice (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        invoice_no varchar(20) NOT NULL UNIQUE
          DEFAULT 'INV-' || lpad(nextval('invoice_no_seq')::text, 6, '0'),
        user_id uuid NOT NULL,
        subscription_id uuid NOT NULL REFERENCES subscription (id),
        checkout_id uuid UNIQUE REFERENCES checkout (id),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        description varchar(200) NOT NULL,
        status varchar(6) NOT NULL CHECK (status IN ('PAID', 'UNPAID')),
        invoice_date timestamptz NOT NULL,
        paid_at timestamptz,
        CHECK (status <> 'PAID' OR paid_at IS NOT NULL)
      )`);
    await queryRunner.query('CREATE INDEX invoice_user_id_idx ON invoice (user_id)');

    await queryRunner.query(`
      CREATE TABLE stripe_event (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE stripe_event');
    await queryRunner.query('DROP TABLE invoice');
    await queryRunner.query('DROP SEQUENCE invoice_no_seq');
    await queryRunner.query('DROP TABLE payment');
    await queryRunner.query('DROP TABLE subscription');
    await queryRunner.query('DROP TABLE checkout');
    await queryRunner.query('DROP TABLE discount');
  }
}
