export type { Counter } from 'prom-client';
export { generateServiceKeyPair, signingKeySchema } from './callers/service-keys.config.js';
export { ServiceTokenSigner } from './callers/service-token.service.js';
export { Clock, FixedClock } from './clock/clock.service.js';
export {
  ConfigError,
  configSchemas,
  type KafkaSettings,
  kafkaEnvSchema,
  loadConfig,
  type ProcessConfig,
  processEnvSchema,
  type ServiceConfig,
  serviceEnvSchema,
} from './config/env.config.js';
export { DATABASE_DEADLINES } from './database/connection-deadlines.config.js';
export { DeadlineClient, PLAN_EACH_CALL } from './database/deadline.client.js';
export { namedStatement } from './database/named-statements.js';
export { DomainError, type Envelope, NotFoundError, ok } from './errors/domain.errors.js';
export { ErrorFilter, sendError } from './errors/error.filter.js';
export { type DegradedIndicator, Readiness, type ReadinessCheck } from './health/readiness.service.js';
export {
  CORRELATION_HEADER,
  currentCorrelationId,
  withCorrelationId,
} from './logging/correlation.context.js';
export { createLogger, type Logger } from './logging/logger.factory.js';
export { metricsPort, serveMetrics } from './metrics/metrics.server.js';
export { Metrics } from './metrics/metrics.service.js';
export { sharedCounter, sharedGauge } from './metrics/shared-metrics.factory.js';
export { QUEUE_CONNECTION, QUEUE_PREFIX, QueueConnection } from './queue/queue-connection.service.js';
export { createServiceApp, runService, type ServiceDefinition } from './service-app.factory.js';
export { LOGGER, ServiceRuntimeModule, type ServiceRuntimeOptions } from './service-runtime.module.js';
export { ZodPipe } from './validation/zod.pipe.js';
