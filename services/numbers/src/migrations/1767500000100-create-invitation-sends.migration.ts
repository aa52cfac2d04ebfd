import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every invitation sent, with its member, MultiMFA and owner, for the daily limits: kept apart from
 * `member_invitation` (a new invitation replaces the member's unanswered one, and deleting a member
 * deletes its invitations), so neither re-sending nor deleting a member resets a count. Rows older
 * than the window are deleted when the owner sends the next one.
 */
export class CreateInvitationSends1767500000100 implements MigrationInterface {
  name = 'CreateInvitationSends1767500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_invitation_send (
        invitation_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        mfa_id uuid NOT NULL,
        member_id uuid NOT NULL,
        sent_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX member_invitation_send_by_owner ON member_invitation_send (user_id, sent_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE member_invitation_send');
  }
}
