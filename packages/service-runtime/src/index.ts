export { CallerGuard, OpenToProbes } from './callers/caller.guard.js';
export {
  generateServiceKeyPair,
  signingKeySchema,
  type TrustedCallers,
  trustedCallersSchema,
} from './callers/service-keys.js';
export {
  SERVICE_TOKEN_LIFETIME_SECONDS,
  ServiceTokenSigner,
  ServiceTokenVerifier,
} from './callers/service-token.js';
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
export { ErrorFilter, loggableError, mapError, sendError } from './errors/error.filter.js';
export { Readiness, type ReadinessCheck } from './health/readiness.js';
export {
  CORRELATION_HEADER,
  currentCorrelationId,
  sanitizeCorrelationId,
  withCorrelationId,
} from './logging/correlation.js';
export { createLogger, type Logger } from './logging/logger.js';
export { Metrics } from './metrics/metrics.js';
export { metricsPort, serveMetrics } from './metrics/metrics-server.js';
export { createServiceApp, runService, type ServiceDefinition } from './run-service.js';
export { LOGGER, ServiceRuntimeModule, type ServiceRuntimeOptions } from './service-runtime.module.js';
export { describeIssues, ZodPipe } from './validation/zod.pipe.js';
