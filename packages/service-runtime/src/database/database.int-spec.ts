import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { dropTestDatabase, testInfrastructure } from '../testing/index.js';
import { DATABASE_DEADLINES } from './connection-deadlines.config.js';
import { ensureDatabase } from './ensure-database.client.js';
import { migrate } from './migrate.service.js';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';
  async up(queryRunner: QueryRunner) {
    // Slow on purpose, so a second runner would overlap it without the lock.
    await queryRunner.query('SELECT pg_sleep(0.2)');
    await queryRunner.query('CREATE TABLE widget (id int PRIMARY KEY)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE widget');
  }
}

describe('database start-up', () => {
  const url = `${testInfrastructure.postgresUrl}/${testInfrastructure.databasePrefix}_runtime_db`;

  beforeAll(async () => dropTestDatabase(url));
  afterAll(async () => dropTestDatabase(url));

  it('creates a missing database once, even when replicas race', async () => {
    await Promise.all([ensureDatabase(url), ensureDatabase(url), ensureDatabase(url)]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    assert.equal(
      (await client.query('SELECT current_database() AS name')).rows[0].name,
      new URL(url).pathname.slice(1),
    );
    await client.end();
  });

  it('refuses a database name that is not a plain identifier', async () => {
    await assert.rejects(
      ensureDatabase(`${testInfrastructure.postgresUrl}/bad";DROP`),
      /not a plain identifier/,
    );
  });

  it('applies each migration once when two replicas migrate at the same time', async () => {
    const options = { type: 'postgres' as const, url, migrations: [CreateWidgets1700000000000] };
    const first = await new DataSource(options).initialize();
    const second = await new DataSource(options).initialize();
    try {
      const [a, b] = await Promise.all([migrate(first, 'runtime-test'), migrate(second, 'runtime-test')]);
      assert.deepEqual([...a, ...b], ['CreateWidgets1700000000000']);
      const rows = await first.query('SELECT name FROM migrations');
      assert.equal(rows.length, 1);
    } finally {
      await first.destroy();
      await second.destroy();
    }
  });

  it('opens sessions with their statement and idle-in-transaction deadlines set (30 s each)', async () => {
    await ensureDatabase(url);
    const client = new pg.Client({ connectionString: url, ...DATABASE_DEADLINES });
    await client.connect();
    try {
      const setting = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0][name];
      assert.deepEqual(
        [await setting('statement_timeout'), await setting('idle_in_transaction_session_timeout')],
        ['30s', '30s'],
      );
    } finally {
      await client.end();
    }
  });
});
