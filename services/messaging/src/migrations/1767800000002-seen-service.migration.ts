import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services whose codes each MFA's number has received (the new-service tripwire): one row per
 * MFA, number and service, the first text's; its primary key makes the owner's notice once however
 * many first codes come at once. Metadata (no body, no code), kept past retention.
 */
export class SeenService1767800000002 implements MigrationInterface {
  name = 'SeenService1767800000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE seen_service (
        mfa_id uuid NOT NULL,
        number varchar(32) NOT NULL,
        service varchar(100) NOT NULL,
        first_message_id uuid NOT NULL UNIQUE,
        sender varchar(64) NOT NULL,
        first_seen_at timestamptz NOT NULL,
        PRIMARY KEY (mfa_id, number, service)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE seen_service');
  }
}
