import {
  type DynamicModule,
  Global,
  Module,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource, type DataSourceOptions, type MigrationInterface } from 'typeorm';
import { Clock, SystemClock } from './clock/clock.service.js';
import { DATABASE_DEADLINES } from './database/connection-deadlines.config.js';
import { DeadlineClient } from './database/deadline.client.js';
import { ensureDatabase } from './database/ensure-database.client.js';
import { migrate } from './database/migrate.service.js';
import { databaseCheck, RedisCheck } from './health/dependencies.check.js';
import { HealthController } from './health/health.controller.js';
import { READINESS_CHECKS, Readiness, type ReadinessCheck } from './health/readiness.service.js';
import { httpLoggingOptions } from './logging/http-logging.config.js';
import type { Logger } from './logging/logger.factory.js';
import { Metrics } from './metrics/metrics.service.js';

export const LOGGER = Symbol('LOGGER');

export interface ServiceRuntimeOptions {
  service: string;
  logger: Logger;
  /** The service's own database: created when missing, migrated under a lock at start. */
  database?: { url: string; migrations: Array<new () => MigrationInterface> };
  redisUrl?: string;
  /** More dependencies to answer readiness for, e.g. `checkKafka(brokers)` of @multimfa/event-bus. */
  readinessChecks?: ReadinessCheck[];
}

/** Closes the connections the readiness checks hold when the app shuts down. */
class ReadinessConnections implements OnApplicationShutdown {
  constructor(private readonly checks: ReadinessCheck[]) {}
  async onApplicationShutdown() {
    await Promise.all(this.checks.map((check) => check.close?.()));
  }
}

/**
 * What every MultiMFA process shares: the logger (nestjs-pino), metrics, health routes (terminus),
 * and (for services) the database connection with migrations applied before the app serves.
 */
@Global()
@Module({})
export class ServiceRuntimeModule {
  static forRoot(options: ServiceRuntimeOptions): DynamicModule {
    const imports: DynamicModule[] = [
      // The access log itself is mounted first of all middleware by createServiceApp (useExisting).
      LoggerModule.forRoot({ pinoHttp: httpLoggingOptions(options.logger), useExisting: true }),
      TerminusModule.forRoot({ errorLogStyle: 'json' }),
    ];
    const { database } = options;
    if (database) {
      imports.push(
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            type: 'postgres',
            url: database.url,
            autoLoadEntities: true,
            migrations: database.migrations,
            synchronize: false,
            migrationsRun: false,
            retryAttempts: 10,
            retryDelay: 1000,
            extra: {
              max: 10,
              application_name: options.service,
              ...DATABASE_DEADLINES,
              Client: DeadlineClient,
            },
          }),
          dataSourceFactory: async (dataSourceOptions?: DataSourceOptions) => {
            if (!dataSourceOptions) throw new Error('database options missing');
            await ensureDatabase(database.url);
            const dataSource = await new DataSource(dataSourceOptions).initialize();
            const applied = await migrate(dataSource, options.service);
            if (applied.length) options.logger.info({ applied }, 'migrations applied');
            return dataSource;
          },
        }),
      );
    }

    const staticChecks: ReadinessCheck[] = [
      ...(options.redisUrl ? [new RedisCheck(options.redisUrl)] : []),
      ...(options.readinessChecks ?? []),
    ];

    const checksProvider: Provider = database
      ? {
          provide: READINESS_CHECKS,
          useFactory: (dataSource: DataSource) => [databaseCheck(dataSource), ...staticChecks],
          inject: [getDataSourceToken()],
        }
      : { provide: READINESS_CHECKS, useValue: staticChecks };

    return {
      module: ServiceRuntimeModule,
      imports,
      controllers: [HealthController],
      providers: [
        { provide: LOGGER, useValue: options.logger },
        { provide: Clock, useClass: SystemClock },
        { provide: Metrics, useValue: new Metrics(options.service) },
        checksProvider,
        {
          provide: Readiness,
          useFactory: (indicator: HealthIndicatorService, checks: ReadinessCheck[]) =>
            new Readiness(indicator, checks),
          inject: [HealthIndicatorService, READINESS_CHECKS],
        },
        {
          provide: ReadinessConnections,
          useValue: new ReadinessConnections(staticChecks),
        },
      ],
      exports: [LOGGER, Metrics, Readiness, Clock],
    };
  }
}
