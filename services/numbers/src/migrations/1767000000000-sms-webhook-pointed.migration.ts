import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the number an MFA holds was pointed at the product's SMS webhook (null: not yet, so a sweep
 * queues it again). MFAs that held a number before this column existed count as pointed.
 */
export class SmsWebhookPointed1767000000000 implements MigrationInterface {
  name = 'SmsWebhookPointed1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE mfa ADD COLUMN sms_webhook_pointed_at timestamptz');
    await queryRunner.query(
      'UPDATE mfa SET sms_webhook_pointed_at = updated_at WHERE phone_number_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE mfa DROP COLUMN sms_webhook_pointed_at');
  }
}
