import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCustomers1763800000200 implements MigrationInterface {
  name = 'CreateCustomers1763800000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stripe_customer (
        user_id uuid PRIMARY KEY,
        stripe_customer_id varchar(255) NOT NULL UNIQUE,
        email_address varchar(254) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE stripe_customer');
  }
}
