export { generateServiceKeyPair, signingKeySchema } from './callers/service-keys.js';
export { ServiceTokenSigner } from './callers/service-token.js';
export { Clock, FixedClock } from './clock/clock.js';
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
} from './config/load-config.js';
export { DomainError, type Envelope, NotFoundError, ok } from './errors/domain-error.js';
export { ErrorFilter, sendError } from './errors/error.filter.js';
export { type DegradedIndicator, Readiness, type ReadinessCheck } from './health/readiness.js';
export { CORRELATION_HEADER, currentCorrelationId, withCorrelationId } from './logging/correlation.js';
export { createLogger, type Logger } from './logging/logger.js';
export { Metrics } from './metrics/metrics.js';
export { metricsPort, serveMetrics } from './metrics/metrics-server.js';
export { QUEUE_CONNECTION, QUEUE_PREFIX, QueueConnection } from './queue/queue-connection.js';
export { createServiceApp, runService, type ServiceDefinition } from './run-service.js';
export { LOGGER, ServiceRuntimeModule, type ServiceRuntimeOptions } from './service-runtime.module.js';
export { ZodPipe } from './validation/zod.pipe.js';
