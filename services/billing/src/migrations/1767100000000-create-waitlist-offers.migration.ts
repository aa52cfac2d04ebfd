import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Waitlist prospects' 20%-off promise on their first MultiMFA: one row per confirmed address, redeemed
 * by at most one checkout; a checkout records the address whose offer it uses.
 */
export class CreateWaitlistOffers1767100000000 implements MigrationInterface {
  name = 'CreateWaitlistOffers1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE waitlist_offer (
        email_address varchar(254) PRIMARY KEY CHECK (email_address = lower(email_address)),
        signup_id uuid NOT NULL,
        confirmed_at timestamptz NOT NULL,
        redeemed_at timestamptz,
        checkout_id uuid REFERENCES checkout (id),
        CHECK ((redeemed_at IS NULL) = (checkout_id IS NULL))
      )`);
    await queryRunner.query('ALTER TABLE checkout ADD COLUMN waitlist_offer_address varchar(254)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE checkout DROP COLUMN waitlist_offer_address');
    await queryRunner.query('DROP TABLE waitlist_offer');
  }
}
