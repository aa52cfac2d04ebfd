import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dropTestDatabase, TcpProxy, testInfrastructure } from '../testing/index.js';
import { DATABASE_DEADLINES } from './connection-deadlines.config.js';
import { DeadlineClient, PLAN_EACH_CALL } from './deadline.client.js';
import { ensureDatabase } from './ensure-database.client.js';
import { namedStatement } from './named-statements.js';

/** A pool of one connection through `proxy`, with a short answer deadline; `Client` as the services' pool has it. */
async function pool(proxy: TcpProxy, database: string, Client: typeof pg.Client): Promise<DataSource> {
  const url = new URL(database);
  url.host = `127.0.0.1:${proxy.port}`;
  return new DataSource({
    type: 'postgres',
    url: url.toString(),
    extra: { max: 1, ...DATABASE_DEADLINES, query_timeout: 500, Client },
  }).initialize();
}

describe('a black-holed PostgreSQL connection (a TCP proxy that stops passing packets of the open connections, resetting nothing)', () => {
  const database = `${testInfrastructure.postgresUrl}/${testInfrastructure.databasePrefix}_runtime_hole`;
  const target = new URL(testInfrastructure.postgresUrl);
  const proxies: TcpProxy[] = [];
  const sources: DataSource[] = [];

  const proxied = async () => {
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.start();
    proxies.push(proxy);
    return proxy;
  };

  beforeAll(async () => ensureDatabase(database));
  afterAll(async () => {
    for (const source of sources) await source.destroy().catch(() => undefined);
    for (const proxy of proxies) await proxy.stop();
    await dropTestDatabase(database);
  });

  it('is detected at the answer deadline and replaced: the next query gets a new connection and its answer', async () => {
    const proxy = await proxied();
    const source = await pool(proxy, database, DeadlineClient);
    sources.push(source);
    assert.deepEqual(await source.query('SELECT 1 AS n'), [{ n: 1 }]);

    proxy.blackHole();
    await assert.rejects(source.query('SELECT 2 AS n'), /Query read timeout/);
    assert.deepEqual(await source.query('SELECT 3 AS n'), [{ n: 3 }]);
  });

  it("with pg's own client the pool keeps handing out the dead connection: the next query fails too (what DeadlineClient prevents)", async () => {
    const proxy = await proxied();
    const source = await pool(proxy, database, pg.Client);
    sources.push(source);
    assert.deepEqual(await source.query('SELECT 1 AS n'), [{ n: 1 }]);

    proxy.blackHole();
    await assert.rejects(source.query('SELECT 2 AS n'), /Query read timeout/);
    await assert.rejects(source.query('SELECT 3 AS n'), /Query read timeout/);
  });
});

describe('statements declared with namedStatement, through a pool of DeadlineClient (as every service runs)', () => {
  const database = `${testInfrastructure.postgresUrl}/${testInfrastructure.databasePrefix}_runtime_named`;
  const declared = namedStatement('runtime-test.echo', 'SELECT $1::int + 1 AS n');
  let source: DataSource;

  beforeAll(async () => {
    await ensureDatabase(database);
    source = await new DataSource({
      type: 'postgres',
      url: database,
      extra: { max: 1, ...DATABASE_DEADLINES, Client: DeadlineClient },
    }).initialize();
  });
  afterAll(async () => {
    await source?.destroy();
    await dropTestDatabase(database);
  });

  const prepared = async (): Promise<Array<{ name: string; statement: string }>> =>
    source.query('SELECT name, statement FROM pg_prepared_statements ORDER BY name');

  it('are prepared once on the connection, by name, and answer as before; other texts stay unnamed', async () => {
    assert.deepEqual(await prepared(), []);
    assert.deepEqual(await source.query(declared, [1]), [{ n: 2 }]);
    assert.deepEqual(await source.query(declared, [41]), [{ n: 42 }]);
    assert.deepEqual(await source.query('SELECT $1::int + 2 AS n', [1]), [{ n: 3 }]);
    assert.deepEqual(await prepared(), [{ name: 'runtime-test.echo', statement: declared }]);
  });

  it('run inside a transaction too, and fail there as any statement does (the transaction rolls back)', async () => {
    await assert.rejects(
      source.transaction(async (manager) => {
        assert.deepEqual(await manager.query(declared, [9]), [{ n: 10 }]);
        await manager.query(declared, ['not a number']);
      }),
      /invalid input syntax for type integer/,
    );
    assert.deepEqual(await source.query(declared, [2]), [{ n: 3 }]);
  });

  const plansOf = async (on: DataSource, name: string) => {
    const [plans] = await on.query(
      'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1',
      [name],
    );
    return { ...plans };
  };

  it('are planned once and kept: from the sixth call on, a lookup by primary key runs its generic plan instead of being planned again', async () => {
    await source.query('CREATE TABLE keyed (id bigint PRIMARY KEY, body text NOT NULL)');
    await source.query("INSERT INTO keyed SELECT n, 'row ' || n FROM generate_series(1, 1000) AS n");
    const lookup = namedStatement('runtime-test.keyed', 'SELECT body FROM keyed WHERE id = $1');
    for (let call = 1; call <= 10; call += 1) {
      assert.deepEqual(await source.query(lookup, [call]), [{ body: `row ${call}` }]);
    }
    assert.deepEqual(await plansOf(source, 'runtime-test.keyed'), { generic_plans: '5', custom_plans: '5' });
  });

  it("in a session opened with PLAN_EACH_CALL (the outbox relay's), are planned for each call: an update by an id array prepared while its table was empty is planned again once the table has grown, where a service's pool keeps the plan made for the empty table", async () => {
    // The outbox's shape, and its relay's mark (where a kept generic plan was seen scanning it all).
    await source.query(
      `CREATE TABLE grown (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, event_id uuid NOT NULL,
         topic varchar(249) NOT NULL, shard smallint NOT NULL, envelope text NOT NULL, published_at timestamptz)`,
    );
    await source.query('CREATE INDEX grown_pending ON grown (shard, id) WHERE published_at IS NULL');
    const mark = namedStatement(
      'runtime-test.mark',
      'UPDATE grown SET published_at = now() WHERE id = ANY($1::bigint[])',
    );
    const relaySession = await new DataSource({
      type: 'postgres',
      url: database,
      extra: { max: 1, ...DATABASE_DEADLINES, Client: DeadlineClient, options: PLAN_EACH_CALL },
    }).initialize();
    try {
      for (let call = 0; call < 6; call += 1) {
        await relaySession.query(mark, [[call]]);
        await source.query(mark, [[call]]);
      }
      await source.query(
        `INSERT INTO grown (event_id, topic, shard, envelope)
         SELECT gen_random_uuid(), 't', n % 16, '{}' FROM generate_series(1, 50000) AS n`,
      );
      await relaySession.query(mark, [[49_999]]);
      await source.query(mark, [[49_998]]);
      assert.deepEqual(await plansOf(relaySession, 'runtime-test.mark'), {
        generic_plans: '0',
        custom_plans: '7',
      });
      // Without it (a service's pool), the plan made for the empty table is kept for the grown one.
      const kept = await plansOf(source, 'runtime-test.mark');
      assert.ok(Number(kept.generic_plans) >= 1, `the pool kept a generic plan: ${JSON.stringify(kept)}`);
    } finally {
      await relaySession.destroy();
    }
  });

  it('refuses one name for two texts (pg would refuse the second on a connection that prepared the first)', () => {
    assert.throws(() => namedStatement('runtime-test.echo', 'SELECT 2'), /declared twice/);
    assert.equal(namedStatement('runtime-test.echo', declared), declared);
  });
});
