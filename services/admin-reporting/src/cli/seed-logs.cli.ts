import 'reflect-metadata';
import { createLogger, loadConfig } from '@multimfa/service-runtime';
import { DataSource } from 'typeorm';
import { migrations } from '../migrations/index.js';
import { seedLogs } from '../reports/log-seed.repository.js';
import { adminReportingService } from '../service.definition.js';

/**
 * `npm run reporting:seed-logs -- [count]`: adds `count` (default 1,000,000) made-up entries to the
 * Logs read model of the admin-reporting database in DATABASE_URL, over 200 numbers and the last 365
 * days, for measuring the Logs queries (`npm run bench -- admin-logs`). `npm run reporting:rebuild`
 * removes them.
 */
const count = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(count) || count < 1)
  throw new Error(`count must be a positive whole number: ${process.argv[2]}`);
const config = loadConfig(adminReportingService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('admin-reporting-seed-logs', process.env.LOG_LEVEL ?? 'info');
const dataSource = await new DataSource({
  type: 'postgres',
  url: config.DATABASE_URL,
  migrations,
  migrationsRun: true,
}).initialize();
try {
  const started = Date.now();
  await seedLogs(dataSource, { count, numbers: 200, days: 365, now: new Date() });
  logger.info({ count, ms: Date.now() - started }, 'log entries seeded');
  process.stdout.write(`${count} log entries seeded\n`);
} finally {
  await dataSource.destroy();
}
