import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models of the admin area, built only from the events of identity and numbers (and,
 * for `message_count`, of messaging). Every table can be emptied and rebuilt from the topics
 * (`npm run reporting:rebuild`). Free text is `text`: the owning service has checked its length, and a
 * tighter limit here would only hold a partition at an event it cannot store.
 */
export class CreateReadModels1764800000000 implements MigrationInterface {
  name = 'CreateReadModels1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE report_user (
        user_id uuid PRIMARY KEY,
        email_address text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        mobile_no text NOT NULL,
        user_type varchar(8) NOT NULL CHECK (user_type IN ('ADMIN', 'CUSTOMER')),
        is_verified boolean NOT NULL,
        registered_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX report_user_sign_ups ON report_user (user_type, registered_at)');
    await queryRunner.query(`
      CREATE TABLE report_mfa (
        mfa_id uuid PRIMARY KEY,
        mfa_type varchar(8) NOT NULL CHECK (mfa_type IN ('MultiMFA', 'RoboMFA')),
        user_id uuid NOT NULL,
        name text NOT NULL,
        plan_id integer NOT NULL,
        plan_name text NOT NULL,
        number text,
        is_active boolean NOT NULL,
        is_subscription_active boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX report_mfa_by_type ON report_mfa (mfa_type, created_at DESC)');
    // numbers.number.assigned travels on another topic than the MFA's own events: either may come first.
    await queryRunner.query(`
      CREATE TABLE report_number_assignment (
        mfa_id uuid PRIMARY KEY,
        number text NOT NULL,
        assigned_at timestamptz NOT NULL
      )`);
    // An MFA deleted stays deleted whatever arrives later from another topic.
    await queryRunner.query(`
      CREATE TABLE report_deleted_mfa (
        mfa_id uuid PRIMARY KEY,
        deleted_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE report_member (
        member_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        user_id uuid NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        mobile_no text NOT NULL,
        email text NOT NULL,
        forward_medium varchar(13) NOT NULL,
        status varchar(15) NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX report_member_by_time ON report_member (created_at DESC)');
    await queryRunner.query('CREATE INDEX report_member_by_mfa ON report_member (mfa_id)');
    await queryRunner.query(`
      CREATE TABLE report_bot (
        bot_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        user_id uuid NOT NULL,
        reference_name text NOT NULL,
        is_active boolean NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX report_bot_by_mfa ON report_bot (mfa_id)');
    // Filled by the consumers of messaging's events (texts and e-mails sent, per day).
    await queryRunner.query(`
      CREATE TABLE message_count (
        day date NOT NULL,
        channel varchar(5) NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
        count integer NOT NULL CHECK (count >= 0),
        PRIMARY KEY (day, channel)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'message_count',
      'report_bot',
      'report_member',
      'report_deleted_mfa',
      'report_number_assignment',
      'report_mfa',
      'report_user',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
