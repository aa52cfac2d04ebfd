import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Discount codes e-mailed to prospects: one row per prospect and code, so nobody gets a code twice. */
export class CreateDiscountMailings1766600000700 implements MigrationInterface {
  name = 'CreateDiscountMailings1766600000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE discount_mailing (
        mailing_id uuid PRIMARY KEY,
        discount_id uuid NOT NULL REFERENCES discount (id),
        email_address varchar(254) NOT NULL CHECK (email_address = lower(email_address)),
        requested_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (discount_id, email_address)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE discount_mailing');
  }
}
