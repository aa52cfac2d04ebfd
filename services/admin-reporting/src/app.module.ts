import { checkKafka, EventBusModule, kafkaConnection } from '@multimfa/event-bus';
import { TOPICS } from '@multimfa/events';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AdminReportingConfig } from './config/admin-reporting.config.js';
import { ReportingGraphqlModule } from './graphql/reporting-graphql.module.js';
import { migrations } from './migrations/index.js';
import { ReportsModule } from './reports/reports.module.js';

/**
 * How far the read models may lag the texts: a text's events (received, forwards sent, statuses, log
 * entry) come several per text, and are applied one transaction per window instead of one per event.
 */
const MESSAGE_EVENTS_WINDOW_MS = 200;

/** The admin-reporting service: read models for the administrator area, built from events. */
@Module({})
export class AppModule {
  static forRoot(config: AdminReportingConfig, logger: Logger): DynamicModule {
    // The brokers, with TLS and this service's Kafka user when set (KAFKA_TLS, KAFKA_SASL_*).
    const kafka = kafkaConnection(config);
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'admin-reporting',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(kafka, 'admin-reporting')],
        }),
        EventBusModule.forRoot({
          service: 'admin-reporting',
          databaseUrl: config.DATABASE_URL,
          ...kafka,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          logger,
          batchWindowMs: (topic) =>
            topic === TOPICS.messagingMessage.name ? MESSAGE_EVENTS_WINDOW_MS : undefined,
        }),
        ReportsModule,
        ReportingGraphqlModule,
      ],
    };
  }
}
