import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the worker last called the provider for a forward without learning the outcome (set before
 * the call, cleared when the provider answers with a refusal): a later attempt that finds it set asks
 * the provider whether that call sent the forward before sending it again.
 */
export class ForwardSendingAt1767000000000 implements MigrationInterface {
  name = 'ForwardSendingAt1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE forward ADD COLUMN sending_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE forward DROP COLUMN sending_at');
  }
}
