import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitations to members: only the SHA-256 of the token is kept (the token itself reaches the member
 * sealed, through messaging). A token works once and until `expires_at`.
 */
export class CreateMemberInvitations1765200000001 implements MigrationInterface {
  name = 'CreateMemberInvitations1765200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_invitation (
        invitation_id uuid PRIMARY KEY,
        member_id uuid NOT NULL REFERENCES member (member_id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        rejected_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT member_invitation_answered_once CHECK (accepted_at IS NULL OR rejected_at IS NULL)
      )`);
    await queryRunner.query('CREATE INDEX member_invitation_by_member ON member_invitation (member_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE member_invitation');
  }
}
