import 'reflect-metadata';
import { createKafka, kafkaConnection } from '@multimfa/event-bus';
import { createLogger, loadConfig } from '@multimfa/service-runtime';
import { DataSource } from 'typeorm';
import { migrations } from '../migrations/index.js';
import { rebuildReadModels } from '../read-models/read-models-rebuild.service.js';
import { adminReportingService } from '../service.definition.js';

/**
 * `npm run reporting:rebuild`: empties the admin-reporting read models and replays their topics from
 * the beginning into them (see `rebuildReadModels`). Reads the service's settings (DATABASE_URL,
 * KAFKA_BROKERS, KAFKA_TOPIC_PREFIX, and KAFKA_TLS and KAFKA_SASL_* as the service has them) from the
 * environment; the service may keep running.
 */
const config = loadConfig(adminReportingService.configSchema, { PORT: '1', ...process.env });
const logger = createLogger('admin-reporting-rebuild', process.env.LOG_LEVEL ?? 'info');
const dataSource = await new DataSource({
  type: 'postgres',
  url: config.DATABASE_URL,
  migrations,
  migrationsRun: true,
}).initialize();
const kafka = createKafka({ clientId: 'admin-reporting-rebuild', ...kafkaConnection(config), logger });
try {
  const outcome = await rebuildReadModels({
    dataSource,
    kafka,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  process.stdout.write(
    `read models rebuilt: ${outcome.applied} event(s) applied, ${outcome.skipped} invalid message(s) skipped\n`,
  );
} finally {
  await dataSource.destroy();
}
