import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dropTestDatabase, TcpProxy, testInfrastructure } from '../testing/index.js';
import { DATABASE_DEADLINES } from './connection-deadlines.config.js';
import { DeadlineClient } from './deadline.client.js';
import { ensureDatabase } from './ensure-database.client.js';

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
