import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What a discount offer e-mail says (one per e-mail, same id), and the addresses that unsubscribed. */
export class CreatePromotionEmails1766600000800 implements MigrationInterface {
  name = 'CreatePromotionEmails1766600000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE discount_offer (
        email_id uuid PRIMARY KEY,
        code varchar(30) NOT NULL,
        discount_type varchar(10) NOT NULL,
        value numeric(10, 2) NOT NULL,
        expiry_date timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE email_unsubscribe (
        email_address varchar(254) PRIMARY KEY,
        unsubscribed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE email_unsubscribe');
    await queryRunner.query('DROP TABLE discount_offer');
  }
}
