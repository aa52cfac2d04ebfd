import { z } from 'zod';
import { trustedCallersSchema } from '../callers/service-keys.config.js';

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

/** An optional setting: unset and empty are the same (compose and ConfigMaps write empty values). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** How a process reaches and authenticates to Kafka. Unset security settings: plaintext, as locally. */
const kafkaShape = {
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
  /** SASL/SCRAM: the brokers authenticate this process as KAFKA_SASL_USERNAME (its ACLs). */
  KAFKA_SASL_MECHANISM: optional(z.enum(['scram-sha-512', 'scram-sha-256'])),
  KAFKA_SASL_USERNAME: optional(z.string()),
  /** Secret: never logged. */
  KAFKA_SASL_PASSWORD: optional(z.string()),
  /** TLS to the brokers, checking their certificate against the system's CAs or KAFKA_TLS_CA_FILE. */
  KAFKA_TLS: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** A PEM file of the CA that signed the brokers' certificates (e.g. Strimzi's cluster CA). */
  KAFKA_TLS_CA_FILE: optional(z.string()),
};

type KafkaShape = { [K in keyof typeof kafkaShape]: z.output<(typeof kafkaShape)[K]> };

/** SASL needs its username and password, and they mean nothing without it; a CA file needs TLS. */
function checkKafkaSecurity(env: Partial<KafkaShape>, ctx: z.core.$RefinementCtx<unknown>): void {
  const issue = (path: keyof KafkaShape, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const mechanism = env.KAFKA_SASL_MECHANISM;
  if (mechanism === 'scram-sha-512' || mechanism === 'scram-sha-256') {
    if (!env.KAFKA_SASL_USERNAME)
      issue('KAFKA_SASL_USERNAME', 'is required when KAFKA_SASL_MECHANISM is set');
    if (!env.KAFKA_SASL_PASSWORD)
      issue('KAFKA_SASL_PASSWORD', 'is required when KAFKA_SASL_MECHANISM is set');
  } else if (mechanism === undefined) {
    for (const key of ['KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) {
      if (env[key]) issue(key, 'is set but KAFKA_SASL_MECHANISM is not (scram-sha-512 or scram-sha-256)');
    }
  }
  if (env.KAFKA_TLS_CA_FILE && env.KAFKA_TLS === false) {
    issue('KAFKA_TLS_CA_FILE', 'is set but KAFKA_TLS is not true');
  }
}

/** Runs even when other settings are bad, so that one error names every bad setting. */
const always = { when: () => true };

/** The Kafka settings alone, for tools (the dead-letter CLI) that read nothing else. */
export const kafkaEnvSchema = z.object(kafkaShape).superRefine(checkKafkaSecurity, always);

/** Settings of a service that owns a database and talks to Redis and Kafka. */
export const serviceEnvSchema = processEnvSchema
  .extend({
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    REDIS_URL: url(['redis:', 'rediss:']),
    ...kafkaShape,
    /** The only callers this service answers: `<service>=<Ed25519 public key>`, comma-separated. */
    TRUSTED_CALLERS: trustedCallersSchema,
    /** Put before every Redis key this service writes; its Redis ACL user may touch only these keys. */
    REDIS_KEY_PREFIX: redisKeyPrefix,
  })
  .superRefine(checkKafkaSecurity, always);

export type ProcessConfig = z.output<typeof processEnvSchema>;
export type ServiceConfig = z.output<typeof serviceEnvSchema>;
export type KafkaSettings = z.output<typeof kafkaEnvSchema>;
export const configSchemas = { port, url, redisKeyPrefix };
