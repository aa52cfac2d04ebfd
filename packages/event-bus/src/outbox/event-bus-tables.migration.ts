import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (events written in the same transaction as the change that caused them, published by
 * the relay), the relays present (to share the shards), and the consumers' record of applied events.
 * Every service includes this migration.
 */
export class CreateEventBusTables1763700000000 implements MigrationInterface {
  name = 'CreateEventBusTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_event (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        topic varchar(249) NOT NULL,
        message_key varchar(200) NOT NULL,
        shard smallint NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX outbox_event_pending ON outbox_event (shard, id) WHERE published_at IS NULL',
    );
    await queryRunner.query(
      'CREATE INDEX outbox_event_published ON outbox_event (published_at) WHERE published_at IS NOT NULL',
    );
    await queryRunner.query(`
      CREATE TABLE processed_event (
        consumer_group varchar(200) NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer_group, event_id)
      )`);
    await queryRunner.query('CREATE INDEX processed_event_age ON processed_event (processed_at)');
    await queryRunner.query(`
      CREATE TABLE outbox_relay_member (
        member_id uuid PRIMARY KEY,
        seen_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbox_relay_member');
    await queryRunner.query('DROP TABLE processed_event');
    await queryRunner.query('DROP TABLE outbox_event');
  }
}
