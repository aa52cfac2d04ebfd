import pg from 'pg';

const DUPLICATE_DATABASE = '42P04';
const UNIQUE_VIOLATION = '23505';

/** Creates the service's database when it is missing; safe when several replicas start together. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name))
    throw new Error(`Database name "${name}" is not a plain identifier`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await client.end();
  }
}

/** Where a database URL points, without its credentials: `host:port/name`. */
export function databaseAddress(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * Creates the database if needed, trying for `waitMs` while PostgreSQL does not answer (a database
 * that starts beside the service); then throws one error that names the address and the cause.
 */
export async function ensureDatabaseWithin(
  databaseUrl: string,
  waitMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await ensureDatabase(databaseUrl);
      return;
    } catch (error) {
      if (Date.now() >= deadline) {
        throw new Error(
          `cannot reach the database ${databaseAddress(databaseUrl)} (DATABASE_URL) after ${Math.round(waitMs / 1000)} s: ${(error as Error).message}`,
        );
      }
      await sleep(1_000);
    }
  }
}
