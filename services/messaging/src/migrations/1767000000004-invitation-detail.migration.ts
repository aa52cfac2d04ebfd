import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whom an invitation is from (one row per invitation, its e-mail's and SMS's id): the MultiMFA and its
 * owner, whose name, number and person messaging's views give when the e-mail or SMS is composed, and
 * how the member's codes will come. An invitation recorded before this table has no row: its texts
 * fall back to "a MultiMFA team".
 */
export class InvitationDetail1767000000004 implements MigrationInterface {
  name = 'InvitationDetail1767000000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE invitation_detail (
        invitation_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        user_id uuid NOT NULL,
        forward_medium varchar(13) NOT NULL CHECK (forward_medium IN ('EMAIL', 'MOBILE_NUMBER', 'BOTH')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE invitation_detail');
  }
}
