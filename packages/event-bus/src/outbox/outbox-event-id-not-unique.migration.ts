import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox's event ids are random UUIDs made per envelope, and no query finds a row by one (the
 * relay reads by id, consumers de-duplicate in `processed_event`): their unique index only cost
 * every insert a random B-tree insertion, and every mark as published another (a mark rewrites the
 * row), about a third of a mark's time.
 */
export class OutboxEventIdNotUnique1767600000000 implements MigrationInterface {
  name = 'OutboxEventIdNotUnique1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_event DROP CONSTRAINT outbox_event_event_id_key');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event ADD CONSTRAINT outbox_event_event_id_key UNIQUE (event_id)',
    );
  }
}
