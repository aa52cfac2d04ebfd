export { Clock, FixedClock, SystemClock } from './clock/clock.js';
export {
  ConfigError,
  configSchemas,
  loadConfig,
  type ProcessConfig,
  processEnvSchema,
  type ServiceConfig,
  serviceEnvSchema,
} from './config/load-config.js';
export { DomainError, type Envelope, NotFoundError, ok } from './errors/domain-error.js';
export { ErrorFilter, mapError, sendError } from './errors/error.filter.js';
export { Readiness, type ReadinessCheck, withTimeout } from './health/readiness.js';
export {
  CORRELATION_HEADER,
  currentCorrelationId,
  sanitizeCorrelationId,
  withCorrelationId,
} from './logging/correlation.js';
export { createLogger, type Logger, NestPinoLogger } from './logging/logger.js';
export { Metrics } from './metrics/metrics.js';
export { createServiceApp, runService, type ServiceDefinition } from './run-service.js';
export { LOGGER, ServiceRuntimeModule, type ServiceRuntimeOptions } from './service-runtime.module.js';
export { describeIssues, ZodPipe } from './validation/zod.pipe.js';
