// The Logs queries of admin-reporting at a million log rows (issue 15): for every combination of the
// four filters (type, mobile number, From, To), the service's own call (ReportsService.logs: the
// filter's count, then the page's 25 rows) against a bare indexed SELECT of the same 25 rows in the
// same run, on page 1 and on the filter's last page. The rows are made by the seed the
// `reporting:seed-logs` command runs, in a database of its own. Each run times SAMPLES calls of each
// (measured and baseline alternating, sequentially from this process: latency, not throughput); a
// figure is the median over RUNS runs of that run's p50 or max, with min and max beside it.
// Target: every call under 300 ms. The duration setting (BENCH_SECONDS) does not apply here.
import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from '../../services/admin-reporting/dist/migrations/index.js';
import { seededNumber, seedLogs } from '../../services/admin-reporting/dist/reports/log-seed.repository.js';
import { SqlReportsRepository } from '../../services/admin-reporting/dist/reports/reports.repository.js';
import { ReportsService } from '../../services/admin-reporting/dist/reports/reports.service.js';
import { spread } from './load.mjs';

export const title =
  'Admin Logs at a million rows: the service call (count + page) against a bare indexed SELECT of the page';
/** Needs only PostgreSQL. */
export const needsApplication = false;

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 11);
const TARGET_MS = 300;
const DAY_MS = 86_400_000;

async function resetDatabase(postgresUrl, name) {
  const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return `${postgresUrl}/${name}`;
}

const isoDate = (date) => date.toISOString().slice(0, 10);

/** Every subset of the four filters, with values a log of 365 days over 200 numbers holds. */
function combinations(now) {
  const values = {
    log: 'ERROR',
    mobileNo: seededNumber(7),
    from: isoDate(new Date(now.getTime() - 90 * DAY_MS)),
    to: isoDate(new Date(now.getTime() - 30 * DAY_MS)),
  };
  const keys = Object.keys(values);
  return Array.from({ length: 2 ** keys.length }, (_, mask) => {
    const filters = Object.fromEntries(
      keys.filter((_, i) => mask & (1 << i)).map((key) => [key, values[key]]),
    );
    return { label: Object.keys(filters).join('+') || 'none', filters };
  });
}

/** The same page as the service's, read with nothing else: the filter's index, 25 rows. */
function bareSelect(dataSource, filters, offset) {
  const conditions = [];
  const params = [];
  const add = (sql, value) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filters.log) add('log_type = ?', filters.log);
  if (filters.mobileNo) add('mobile_no = ?', filters.mobileNo);
  if (filters.from) add('created_at >= ?', new Date(`${filters.from}T00:00:00Z`));
  if (filters.to) add('created_at < ?', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS));
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  return dataSource.query(
    `SELECT * FROM report_log ${where} ORDER BY created_at DESC, log_id DESC OFFSET ${offset} LIMIT 25`,
    params,
  );
}

async function timed(call) {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

const p50 = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
const max = (values) => Math.max(...values);

export async function run({ config }) {
  const databaseUrl = await resetDatabase(config.postgresUrl, 'mmfa_bench_admin_logs');
  const dataSource = await new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsRun: true,
  }).initialize();
  try {
    const now = new Date();
    const seeding = performance.now();
    await seedLogs(dataSource, { count: ROWS, numbers: 200, days: 365, now });
    console.log(`seeded ${ROWS} log rows in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const service = new ReportsService(new SqlReportsRepository(dataSource), { now: () => new Date() });
    const rows = [];
    let slowest = { ms: 0, label: '' };
    for (const { label, filters } of combinations(now)) {
      const { page } = await service.logs({ ...filters, page: 1 });
      console.log(`  ${label}: ${page.total} rows, ${page.pageCount} pages`);
      for (const [which, pageNo] of [
        ['page 1', 1],
        ['last page', page.pageCount],
      ]) {
        const perRun = { measuredP50: [], measuredMax: [], baselineP50: [], baselineMax: [] };
        for (let r = 0; r < RUNS; r += 1) {
          const measured = [];
          const baseline = [];
          for (let s = 0; s < SAMPLES; s += 1) {
            baseline.push(await timed(() => bareSelect(dataSource, filters, (pageNo - 1) * 25)));
            measured.push(await timed(() => service.logs({ ...filters, page: pageNo })));
          }
          perRun.measuredP50.push(p50(measured));
          perRun.measuredMax.push(max(measured));
          perRun.baselineP50.push(p50(baseline));
          perRun.baselineMax.push(max(baseline));
          if (max(measured) > slowest.ms) slowest = { ms: max(measured), label: `${label}, ${which}` };
        }
        const figure = `${label}, ${which}`;
        rows.push(
          {
            figure: `${figure}: p50 ms`,
            baseline: spread(perRun.baselineP50),
            measured: spread(perRun.measuredP50),
            better: 'lower',
            target: `< ${TARGET_MS}`,
          },
          {
            figure: `${figure}: max ms`,
            baseline: spread(perRun.baselineMax),
            measured: spread(perRun.measuredMax),
            better: 'lower',
            target: `< ${TARGET_MS}`,
          },
        );
      }
    }
    console.log(
      `slowest service call: ${slowest.ms.toFixed(1)} ms (${slowest.label}); target ${TARGET_MS} ms: ${slowest.ms < TARGET_MS ? 'met' : 'NOT met'}`,
    );
    return rows;
  } finally {
    await dataSource.destroy();
  }
}
