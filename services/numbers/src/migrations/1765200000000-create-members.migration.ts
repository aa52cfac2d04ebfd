import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The members of a MultiMFA: who its codes are forwarded to, and how far their invitation got. */
export class CreateMembers1765200000000 implements MigrationInterface {
  name = 'CreateMembers1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member (
        member_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL REFERENCES mfa (mfa_id),
        first_name varchar(50) NOT NULL,
        last_name varchar(50) NOT NULL,
        mobile_no varchar(16) NOT NULL,
        email varchar(254) NOT NULL,
        forward_medium varchar(13) NOT NULL CHECK (forward_medium IN ('EMAIL', 'MOBILE_NUMBER', 'BOTH')),
        status varchar(15) NOT NULL CHECK (status IN ('AWAITING_INVITE', 'INVITE_SENT', 'VERIFIED')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT member_has_destination CHECK (
          (forward_medium = 'EMAIL' AND email <> '' AND mobile_no = '')
          OR (forward_medium = 'MOBILE_NUMBER' AND mobile_no <> '' AND email = '')
          OR (forward_medium = 'BOTH' AND email <> '' AND mobile_no <> '')
        )
      )`);
    await queryRunner.query('CREATE INDEX member_by_mfa ON member (mfa_id, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE member');
  }
}
