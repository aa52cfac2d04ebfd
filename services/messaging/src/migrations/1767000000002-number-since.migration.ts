import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Since when the MFA holds its number (numbers' assignment, or the MFA's creation with it): a text to
 * the number stored as nobody's because messaging learned of the MFA later, but received since then,
 * is the MFA's and is forwarded late. The partial index finds the recent texts that are nobody's.
 */
export class NumberSince1767000000002 implements MigrationInterface {
  name = 'NumberSince1767000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE mfa_view ADD COLUMN number_since timestamptz');
    await queryRunner.query(
      'CREATE INDEX inbound_message_unowned ON inbound_message (received_at) WHERE mfa_id IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX inbound_message_unowned');
    await queryRunner.query('ALTER TABLE mfa_view DROP COLUMN number_since');
  }
}
