import { checkKafka, EventBusModule } from '@multimfa/event-bus';
import { type Logger, ServiceRuntimeModule } from '@multimfa/service-runtime';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AdminReportingConfig } from './config/admin-reporting.config.js';
import { ReportingGraphqlModule } from './graphql/reporting-graphql.module.js';
import { migrations } from './migrations/index.js';
import { ReportsModule } from './reports/reports.module.js';

/** The admin-reporting service: read models for the administrator area, built from events. */
@Module({})
export class AppModule {
  static forRoot(config: AdminReportingConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forRoot({
          service: 'admin-reporting',
          logger,
          database: { url: config.DATABASE_URL, migrations },
          redisUrl: config.REDIS_URL,
          readinessChecks: [checkKafka(config.KAFKA_BROKERS, 'admin-reporting')],
        }),
        EventBusModule.forRoot({
          service: 'admin-reporting',
          databaseUrl: config.DATABASE_URL,
          brokers: config.KAFKA_BROKERS,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          logger,
        }),
        ReportsModule,
        ReportingGraphqlModule,
      ],
    };
  }
}
