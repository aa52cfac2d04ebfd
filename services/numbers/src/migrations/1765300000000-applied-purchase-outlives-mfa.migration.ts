import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An applied purchase stays recorded after an administrator deletes its MFA: a completed purchase
 * delivered again (billing's event, a retried call) must find it applied, not create the MFA anew.
 */
export class AppliedPurchaseOutlivesMfa1765300000000 implements MigrationInterface {
  name = 'AppliedPurchaseOutlivesMfa1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE applied_purchase DROP CONSTRAINT applied_purchase_mfa_id_fkey');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE applied_purchase ADD CONSTRAINT applied_purchase_mfa_id_fkey
         FOREIGN KEY (mfa_id) REFERENCES mfa (mfa_id) DEFERRABLE INITIALLY DEFERRED`,
    );
  }
}
