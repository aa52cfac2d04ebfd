import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import { pinoHttp } from 'pino-http';
import type { z } from 'zod';
import { CallerGuard } from './callers/caller.guard.js';
import { ServiceTokenVerifier } from './callers/service-token.service.js';
import { ConfigError, loadConfig, type ProcessConfig, type ServiceConfig } from './config/env.config.js';
import { ensureDatabaseWithin } from './database/ensure-database.client.js';
import { ErrorFilter } from './errors/error.filter.js';
import { Readiness } from './health/readiness.service.js';
import { createHttpAdapter, type HttpOptions } from './http/http.adapter.js';
import type { RouteOf } from './http/request-context.middleware.js';
import { requestContextMiddleware } from './http/request-context.middleware.js';
import { httpLoggingOptions } from './logging/http-logging.config.js';
import { createLogger, type Logger } from './logging/logger.factory.js';
import { serveMetrics } from './metrics/metrics.server.js';
import { Metrics } from './metrics/metrics.service.js';

export interface ServiceDefinition<S extends z.ZodType<ProcessConfig>> {
  name: string;
  configSchema: S;
  /** The root module, built from the validated configuration. */
  appModule(config: z.output<S>, logger: Logger): DynamicModule;
  /** The HTTP server's settings, from the validated configuration (Fastify's defaults otherwise). */
  http?(config: z.output<S>): HttpOptions;
  /**
   * Whether Nest registers its JSON and form parsers (default true); false for a process that
   * registers its own in `configure`.
   */
  bodyParser?: boolean;
  /** Extra HTTP set-up (middleware, parsers) before routes are registered. */
  configure?(app: INestApplication, config: z.output<S>, logger: Logger): void | Promise<void>;
}

/**
 * Builds the Nest app with the shared request context, access log, error filter and logger, and for
 * a service (its settings name TRUSTED_CALLERS) the guard that answers 401 to unknown callers.
 * Does not listen.
 */
export async function createServiceApp<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
  config: z.output<S>,
  logger: Logger,
): Promise<INestApplication> {
  const http = createHttpAdapter(definition.http?.(config));
  // Nest's own console logger stays off: until setUpServiceApp hands it the JSON logger, a failure is
  // reported once, by the caller, instead of as coloured stack traces.
  const app = await NestFactory.create(definition.appModule(config, logger), http.adapter, {
    logger: false,
    abortOnError: false,
    bodyParser: definition.bodyParser ?? true,
  });
  await setUpServiceApp(app, definition, config, logger, http.routeOf);
  return app;
}

/**
 * What every service's app gets before its routes: the logger, request context, access log, error
 * filter, the caller guard, and its own set-up.
 */
export async function setUpServiceApp<S extends z.ZodType<ProcessConfig>>(
  app: INestApplication,
  definition: ServiceDefinition<S>,
  config: z.output<S>,
  logger: Logger,
  routeOf: RouteOf,
): Promise<void> {
  app.useLogger(app.get(NestPinoLogger));
  app.use(requestContextMiddleware(app.get(Metrics), routeOf));
  app.use(pinoHttp(httpLoggingOptions(logger)));
  app.useGlobalFilters(new ErrorFilter(logger, app.getHttpAdapter()));
  const callers = (config as Partial<ServiceConfig>).TRUSTED_CALLERS;
  if (callers) {
    app.useGlobalGuards(
      new CallerGuard(new ServiceTokenVerifier(definition.name, callers), app.get(Reflector)),
    );
  }
  await definition.configure?.(app, config, logger);
}

/** How long a starting service waits for PostgreSQL to answer before it gives up (and is restarted). */
const DATABASE_WAIT_MS = 15_000;

/** Process warnings go to the JSON log. */
function routeProcessWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    logger.warn({ warning: { name: warning.name, message: warning.message } }, 'process warning');
  });
}

/**
 * The whole life of a process: validate the configuration (exit 1 naming the bad settings), build
 * the app, listen, and on SIGTERM or SIGINT stop answering ready, drain, close and exit.
 */
export async function runService<S extends z.ZodType<ProcessConfig>>(
  definition: ServiceDefinition<S>,
): Promise<void> {
  let config: z.output<S>;
  try {
    config = loadConfig(definition.configSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    createLogger(definition.name).fatal({ issues: error.issues }, error.message);
    process.exit(1);
  }
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  routeProcessWarnings(logger);
  let app: INestApplication;
  try {
    const databaseUrl = (config as { DATABASE_URL?: string }).DATABASE_URL;
    if (databaseUrl) await ensureDatabaseWithin(databaseUrl, DATABASE_WAIT_MS);
    app = await createServiceApp(definition, config, logger);
    if (config.MIGRATE_ONLY) {
      // Building the app connected the database and applied the migrations; nothing has started.
      await app.close();
      logger.info('migrations applied; exiting (MIGRATE_ONLY)');
      process.exit(0);
    }
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    // One JSON line naming the cause; the orchestrator restarts the process.
    logger.fatal({ err: error }, `failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
  const metricsServer = await serveMetrics(app.get(Metrics), config.HOST, config.METRICS_PORT).catch(
    (error: unknown) => {
      logger.fatal({ err: error, port: config.METRICS_PORT }, 'failed to serve metrics');
      process.exit(1);
    },
  );
  logger.info({ host: config.HOST, port: config.PORT, metricsPort: config.METRICS_PORT }, 'listening');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down');
    app.get(Readiness).startDraining();
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    try {
      await app.close();
      metricsServer.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
