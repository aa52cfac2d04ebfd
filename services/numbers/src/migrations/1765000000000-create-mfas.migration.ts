import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MultiMFAs and RoboMFAs, and the purchases already applied to them. An MFA holds at most one number
 * of the pool and a number belongs to at most one MFA; an MFA without one waits from `waiting_since`.
 */
export class CreateMfas1765000000000 implements MigrationInterface {
  name = 'CreateMfas1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mfa (
        mfa_id uuid PRIMARY KEY,
        mfa_type varchar(8) NOT NULL CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        user_id uuid NOT NULL,
        name varchar(100) NOT NULL,
        description varchar(1000) NOT NULL,
        country_id smallint NOT NULL REFERENCES country (country_id),
        plan_id integer NOT NULL,
        plan_name varchar(50) NOT NULL,
        base_price numeric(10, 2) NOT NULL CHECK (base_price >= 0),
        no_of_users integer NOT NULL CHECK (no_of_users > 0),
        subscription_id uuid NOT NULL,
        auto_renewal boolean NOT NULL,
        next_payment_date timestamptz NOT NULL,
        is_subscription_active boolean NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        phone_number_id integer REFERENCES phone_number (phone_number_id),
        waiting_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mfa_phone_number_key UNIQUE (phone_number_id),
        CONSTRAINT mfa_number_or_waiting CHECK (phone_number_id IS NULL OR waiting_since IS NULL)
      )`);
    await queryRunner.query('CREATE INDEX mfa_by_user ON mfa (user_id, created_at DESC)');
    // A new number goes to the oldest MFA of its country still waiting for one.
    await queryRunner.query(
      'CREATE INDEX mfa_waiting_by_country ON mfa (country_id, waiting_since) WHERE waiting_since IS NOT NULL',
    );
    await queryRunner.query(`
      CREATE TABLE applied_purchase (
        purchase_id uuid PRIMARY KEY,
        -- Deferred: the purchase is recorded first (it is what makes a second application wait and
        -- then find it done), the MFA it creates after it.
        mfa_id uuid NOT NULL REFERENCES mfa (mfa_id) DEFERRABLE INITIALLY DEFERRED,
        action varchar(8) NOT NULL CHECK (action IN ('CREATE', 'UPGRADE')),
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE applied_purchase');
    await queryRunner.query('DROP TABLE mfa');
  }
}
