import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox keeps each envelope as the JSON text it was written as (`json`, not `jsonb`): the relay
 * sends that text unchanged, so PostgreSQL no longer parses it into jsonb on insert and prints it
 * back on every read. The two values the message headers need get columns of their own.
 */
export class OutboxPlainEnvelope1766000000000 implements MigrationInterface {
  name = 'OutboxPlainEnvelope1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event ADD COLUMN event_type varchar(200), ADD COLUMN correlation_id varchar(200)',
    );
    await queryRunner.query(
      `UPDATE outbox_event SET event_type = envelope->>'type', correlation_id = envelope->>'correlationId'`,
    );
    await queryRunner.query(
      `ALTER TABLE outbox_event ALTER COLUMN envelope TYPE json USING envelope::json,
         ALTER COLUMN event_type SET NOT NULL, ALTER COLUMN correlation_id SET NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE outbox_event ALTER COLUMN envelope TYPE jsonb USING envelope::jsonb,
         DROP COLUMN event_type, DROP COLUMN correlation_id`,
    );
  }
}
