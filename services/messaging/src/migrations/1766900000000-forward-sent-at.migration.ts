import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the worker recorded a forward's send: set once, whatever status a provider's report had
 * already moved the forward to, so the send's event and count are written exactly once. Forwards
 * past queued or with a provider id before this column existed count as recorded: their worker is
 * done with them.
 */
export class ForwardSentAt1766900000000 implements MigrationInterface {
  name = 'ForwardSentAt1766900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE forward ADD COLUMN sent_at timestamptz');
    await queryRunner.query(
      `UPDATE forward SET sent_at = updated_at WHERE provider_message_id IS NOT NULL OR status <> 'queued'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE forward DROP COLUMN sent_at');
  }
}
