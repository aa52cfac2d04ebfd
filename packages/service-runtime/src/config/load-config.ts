import { z } from 'zod';
import { trustedCallersSchema } from '../callers/service-keys.js';

/** Thrown at boot when a setting is missing or malformed; the message names every bad setting. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration: ${issues.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment with a zod object schema, failing fast with the names of the bad settings. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  return result.data;
}

const port = z.coerce.number().int().min(1).max(65535);
const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${protocols.join(' or ')} URL`,
  );

const redisKeyPrefix = z
  .string()
  .regex(/^([a-z][a-z0-9-]*:)?$/, 'must be empty or a lower-case name followed by a colon')
  .default('');

/** Settings every MultiMFA process reads. */
export const processEnvSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port,
  /** Where Prometheus scrapes `/metrics`: a port apart from the API's. */
  METRICS_PORT: port.default(9464),
  LOG_LEVEL: logLevel,
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Apply the database migrations, then exit (the migration Job before a rollout). */
  MIGRATE_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Settings of a service that owns a database and talks to Redis and Kafka. */
export const serviceEnvSchema = processEnvSchema.extend({
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  REDIS_URL: url(['redis:', 'rediss:']),
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'must be a comma-separated list of host:port'))),
  /** Put before every topic and consumer group name: lets test runs and stacks share one broker. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'may hold only letters, digits, dots, dashes and underscores')
    .default(''),
  /** The only callers this service answers: `<service>=<Ed25519 public key>`, comma-separated. */
  TRUSTED_CALLERS: trustedCallersSchema,
  /** Put before every Redis key this service writes; its Redis ACL user may touch only these keys. */
  REDIS_KEY_PREFIX: redisKeyPrefix,
});

export type ProcessConfig = z.output<typeof processEnvSchema>;
export type ServiceConfig = z.output<typeof serviceEnvSchema>;
export const configSchemas = { port, url, redisKeyPrefix };
