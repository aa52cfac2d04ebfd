import type { DataSource } from 'typeorm';

export interface LogSeed {
  /** Rows to add. */
  count: number;
  /** How many of our numbers the rows are spread over. */
  numbers: number;
  /** The rows' creation times are spread over the `days` days before `now`. */
  days: number;
  now: Date;
}

/** The number of the `i`-th seeded number (1-based): +1555010xxxx, never one a customer holds. */
export const seededNumber = (i: number) => `+1555010${String(i).padStart(4, '0')}`;

/**
 * Adds made-up log entries to `report_log` for measuring the Logs queries at scale (never in
 * production: a rebuild from the topics removes them, as they have no event). Types are spread as a
 * busy log would be: 85% INFO, 7% ERROR, 5% WARNING, 3% VALIDATION. Inserted by PostgreSQL itself
 * (generate_series) in batches, then analysed and vacuumed so the planner and index-only scans see
 * the table as it is.
 */
export async function seedLogs(dataSource: DataSource, seed: LogSeed): Promise<void> {
  const batch = 100_000;
  for (let done = 0; done < seed.count; done += batch) {
    await dataSource.query(
      `INSERT INTO report_log (log_id, mfa_id, user_id, log_type, mobile_no, message, members, created_at)
       SELECT gen_random_uuid(), NULL, NULL,
              CASE WHEN r < 0.85 THEN 'INFO' WHEN r < 0.92 THEN 'ERROR' WHEN r < 0.97 THEN 'WARNING'
                   ELSE 'VALIDATION' END,
              '+1555010' || lpad((1 + floor(random() * $2))::int::text, 4, '0'),
              'A text from +14155550100 was forwarded to 2 members',
              '[{"firstName":"Seeded","lastName":"Member"},{"firstName":"Other","lastName":"Member"}]'::jsonb,
              $3::timestamptz - random() * ($4::int * interval '1 day')
         FROM (SELECT random() AS r FROM generate_series(1, $1)) s`,
      [Math.min(batch, seed.count - done), seed.numbers, seed.now, seed.days],
    );
  }
  await dataSource.query('VACUUM ANALYZE report_log');
}
