import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bot feed: messaging's view of the bots (from numbers' bot events, or the gateway's synchronous
 * registration and revocation), one claim per message, and the inserting transaction's id on every
 * inbound message. The feed's cursor orders by (`xact_id`, `feed_position`) and serves only rows whose
 * transaction is older than every transaction still in flight, so a text committing late never lands
 * behind a cursor a bot already holds.
 */
export class CreateBotFeed1764300000000 implements MigrationInterface {
  name = 'CreateBotFeed1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE inbound_message ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id()',
    );
    await queryRunner.query(
      'CREATE INDEX inbound_message_mfa_xact ON inbound_message (mfa_id, xact_id, feed_position) WHERE mfa_id IS NOT NULL',
    );
    // A row may exist before its creation is known (a revocation that overtook the creation event):
    // then only bot_id and removed_at are set, and the creation fills the rest without reviving it.
    await queryRunner.query(`
      CREATE TABLE feed_bot (
        bot_id uuid PRIMARY KEY,
        mfa_id uuid,
        user_id uuid,
        key_hash char(64) UNIQUE,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz,
        removed_at timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE message_claim (
        message_id uuid PRIMARY KEY REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        bot_id uuid NOT NULL,
        claimed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE message_claim');
    await queryRunner.query('DROP TABLE feed_bot');
    await queryRunner.query('DROP INDEX inbound_message_mfa_xact');
    await queryRunner.query('ALTER TABLE inbound_message DROP COLUMN xact_id');
  }
}
