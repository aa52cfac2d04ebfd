import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a forward's re-drive needs: why it failed for good (`failure_class`: `transient` for a provider
 * outage, a timeout, a lost connection, refused credentials or a rate limit; `permanent` for a refusal
 * of the message itself or a provider's report that it bounced or was not delivered), when it was last
 * marked failed (`failed_at`), how often it was re-driven (`redrives`) and since when a re-drive's job
 * is running (`redriven_at`, cleared when that re-drive sent it or failed again). Forwards that failed
 * before these columns existed have no class and are never re-driven: why they failed is not known.
 */
export class ForwardRedrive1767000000003 implements MigrationInterface {
  name = 'ForwardRedrive1767000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE forward
        ADD COLUMN failure_class varchar(10) CHECK (failure_class IN ('transient', 'permanent')),
        ADD COLUMN failed_at timestamptz,
        ADD COLUMN redrives smallint NOT NULL DEFAULT 0,
        ADD COLUMN redriven_at timestamptz`);
    await queryRunner.query(
      `CREATE INDEX forward_redrivable ON forward (failed_at) WHERE status = 'failed' AND failure_class = 'transient'`,
    );
    // The newest send each provider accepted (max(sent_at) per medium): a backward index scan.
    await queryRunner.query(
      'CREATE INDEX forward_sent_by_medium ON forward (medium, sent_at) WHERE sent_at IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX forward_sent_by_medium');
    await queryRunner.query('DROP INDEX forward_redrivable');
    await queryRunner.query(
      'ALTER TABLE forward DROP COLUMN redriven_at, DROP COLUMN redrives, DROP COLUMN failed_at, DROP COLUMN failure_class',
    );
  }
}
