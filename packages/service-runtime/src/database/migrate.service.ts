import type { DataSource } from 'typeorm';

/**
 * Applies pending migrations while holding a Postgres advisory lock, so replicas starting at once
 * never run the same migration twice. Each migration runs in its own transaction.
 */
export async function migrate(dataSource: DataSource, lockName: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${lockName}`]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${lockName}`])
      .catch(() => undefined);
    await runner.release();
  }
}
