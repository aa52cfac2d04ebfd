import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention: how many days each MFA's texts keep their bodies and codes (numbers' setting, from its
 * MFA events; an MFA without a row keeps them 30 days), and when a text's body and code were deleted.
 * The partial index is what the retention sweep walks: per MFA, its texts still holding their
 * content, oldest first.
 */
export class ContentRetention1767800000000 implements MigrationInterface {
  name = 'ContentRetention1767800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mfa_retention (
        mfa_id uuid PRIMARY KEY,
        retention_days smallint NOT NULL CHECK (retention_days BETWEEN 1 AND 90),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('ALTER TABLE inbound_message ADD COLUMN content_deleted_at timestamptz');
    await queryRunner.query(
      `CREATE INDEX inbound_message_content_kept ON inbound_message (mfa_id, received_at)
         WHERE content_deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX inbound_message_content_kept');
    await queryRunner.query('ALTER TABLE inbound_message DROP COLUMN content_deleted_at');
    await queryRunner.query('DROP TABLE mfa_retention');
  }
}
