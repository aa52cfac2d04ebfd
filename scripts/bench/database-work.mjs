// What the product's databases did over a stretch of the bench, from PostgreSQL's cumulative
// statistics views (pg_stat_database, pg_stat_user_tables): transactions, and per table the rows
// written and the scans, so a figure that misses its target shows which service's tables the time
// went to. The views are PostgreSQL's own accounting; no extension is needed. Their counters are
// flushed by each backend at most a second after its transaction, so a reading is taken after the
// bench's own pause once the texts are done.
import pg from 'pg';
import { databaseName, SERVICES } from '../lib/stack.mjs';

/** The counters of each service's database now. */
export async function databaseReading(config) {
  const reading = new Map();
  for (const service of SERVICES) {
    const client = new pg.Client({
      connectionString: `${config.postgresUrl}/${databaseName(config, service)}`,
    });
    await client.connect();
    try {
      const { rows: database } = await client.query(
        'SELECT xact_commit + xact_rollback AS xacts FROM pg_stat_database WHERE datname = current_database()',
      );
      const { rows: tables } = await client.query(
        `SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS written, coalesce(idx_scan, 0) + seq_scan AS scans
           FROM pg_stat_user_tables`,
      );
      reading.set(service, {
        xacts: Number(database[0]?.xacts ?? 0),
        tables: new Map(
          tables.map((t) => [t.relname, { written: Number(t.written), scans: Number(t.scans) }]),
        ),
      });
    } finally {
      await client.end();
    }
  }
  return reading;
}

/**
 * Per text, between two readings: each database's transactions, rows written and scans, and its
 * busiest tables (by rows written plus scans), as rows for console.table.
 */
export function databaseWorkPerText(before, after, texts) {
  const perText = (n) => Number((n / texts).toFixed(2));
  return [...after].map(([service, now]) => {
    const then = before.get(service);
    const tables = [...now.tables].map(([name, counts]) => {
      const earlier = then?.tables.get(name) ?? { written: 0, scans: 0 };
      return { name, written: counts.written - earlier.written, scans: counts.scans - earlier.scans };
    });
    const busiest = tables
      .filter((t) => t.written + t.scans > 0)
      .sort((a, b) => b.written + b.scans - (a.written + a.scans))
      .slice(0, 5)
      .map((t) => `${t.name} ${perText(t.written)}w/${perText(t.scans)}s`)
      .join(', ');
    return {
      database: service,
      'transactions per text': perText(now.xacts - (then?.xacts ?? 0)),
      'rows written per text': perText(tables.reduce((sum, t) => sum + t.written, 0)),
      'scans per text': perText(tables.reduce((sum, t) => sum + t.scans, 0)),
      'busiest tables (written/scans per text)': busiest,
    };
  });
}
