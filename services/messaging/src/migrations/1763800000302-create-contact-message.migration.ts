import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages visitors send from the landing page's contact form; each is e-mailed to support. */
export class CreateContactMessage1763800000302 implements MigrationInterface {
  name = 'CreateContactMessage1763800000302';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_message (
        message_id uuid PRIMARY KEY,
        name varchar(100) NOT NULL,
        email_address varchar(254) NOT NULL,
        message text NOT NULL CHECK (char_length(message) <= 5000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX contact_message_created_at ON contact_message (created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_message');
  }
}
