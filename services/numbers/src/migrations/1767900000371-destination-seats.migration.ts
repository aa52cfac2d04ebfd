import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The destinations (Slack channels, webhooks) of each MultiMFA, as messaging's events tell numbers:
 * each takes a seat, counted with the members' seats.
 */
export class DestinationSeats1767900000371 implements MigrationInterface {
  name = 'DestinationSeats1767900000371';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE destination_seat (
        destination_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        added_at timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX destination_seat_mfa_idx ON destination_seat (mfa_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE destination_seat');
  }
}
