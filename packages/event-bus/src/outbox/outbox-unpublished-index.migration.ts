import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay reads unpublished rows in id order, a batch at a time: an index of those rows by id lets
 * it stop after one batch (the index by shard and id made it read and sort every pending row of its
 * shards for each batch, slower the longer the backlog).
 */
export class OutboxUnpublishedIndex1766300000000 implements MigrationInterface {
  name = 'OutboxUnpublishedIndex1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX outbox_event_unpublished ON outbox_event (id) WHERE published_at IS NULL',
    );
    await queryRunner.query('DROP INDEX outbox_event_pending');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE INDEX outbox_event_pending ON outbox_event (shard, id) WHERE published_at IS NULL',
    );
    await queryRunner.query('DROP INDEX outbox_event_unpublished');
  }
}
