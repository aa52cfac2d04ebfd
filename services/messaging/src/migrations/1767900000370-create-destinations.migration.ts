import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Destinations beside members (a Slack channel's incoming webhook, a customer's webhook endpoint),
 * each text's delivery to each of them with every attempt, a MultiMFA's routing rules, and the texts
 * held because no rule matched while the owner holds unknown senders.
 */
export class CreateDestinations1767900000370 implements MigrationInterface {
  name = 'CreateDestinations1767900000370';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE destination (
        destination_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('slack', 'webhook')),
        name varchar(100) NOT NULL,
        url varchar(2048) NOT NULL,
        content varchar(9) NOT NULL CHECK (content IN ('code_only', 'full')),
        secret_sealed text,
        status varchar(8) NOT NULL CHECK (status IN ('pending', 'active')),
        proof_hash varchar(64),
        proof_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        activated_at timestamptz,
        removed_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX destination_mfa_idx ON destination (mfa_id) WHERE removed_at IS NULL',
    );
    await queryRunner.query(`
      CREATE TABLE destination_delivery (
        delivery_id uuid PRIMARY KEY,
        message_id uuid NOT NULL REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        destination_id uuid NOT NULL REFERENCES destination (destination_id),
        mfa_id uuid NOT NULL,
        status varchar(9) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'retrying', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (message_id, destination_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX destination_delivery_queued_idx ON destination_delivery (created_at) WHERE status IN ('queued', 'retrying')`,
    );
    await queryRunner.query(`
      CREATE TABLE destination_attempt (
        delivery_id uuid NOT NULL REFERENCES destination_delivery (delivery_id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        destination_id uuid NOT NULL,
        at timestamptz NOT NULL,
        outcome varchar(9) NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        response_code integer,
        error varchar(500),
        PRIMARY KEY (delivery_id, attempt)
      )`);
    await queryRunner.query(
      'CREATE INDEX destination_attempt_destination_idx ON destination_attempt (destination_id, at DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE routing_rule (
        rule_id uuid PRIMARY KEY,
        mfa_id uuid NOT NULL,
        position integer NOT NULL,
        match_kind varchar(7) NOT NULL CHECK (match_kind IN ('service', 'sender')),
        match_value varchar(100) NOT NULL,
        member_ids uuid[] NOT NULL,
        destination_ids uuid[] NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX routing_rule_mfa_idx ON routing_rule (mfa_id, position)');
    await queryRunner.query(`
      CREATE TABLE routing_setting (
        mfa_id uuid PRIMARY KEY,
        hold_unknown boolean NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE held_message (
        message_id uuid PRIMARY KEY REFERENCES inbound_message (message_id) ON DELETE CASCADE,
        mfa_id uuid NOT NULL,
        held_at timestamptz NOT NULL,
        outcome varchar(9) CHECK (outcome IN ('released', 'discarded')),
        decided_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX held_message_open_idx ON held_message (mfa_id, held_at) WHERE outcome IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE held_message');
    await queryRunner.query('DROP TABLE routing_setting');
    await queryRunner.query('DROP TABLE routing_rule');
    await queryRunner.query('DROP TABLE destination_attempt');
    await queryRunner.query('DROP TABLE destination_delivery');
    await queryRunner.query('DROP TABLE destination');
  }
}
