import { readFileSync } from 'node:fs';
import type { KafkaSettings, Logger } from '@multimfa/service-runtime';
import { type ISocketFactory, Kafka, type KafkaConfig, logLevel, type SASLOptions } from 'kafkajs';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** SASL/SCRAM credentials: the brokers know the client as `username` and apply that user's ACLs. */
export interface KafkaSasl {
  mechanism: 'scram-sha-512' | 'scram-sha-256';
  username: string;
  /** Never logged. */
  password: string;
}

/** Where the brokers are and how a client proves itself to them. Without `tls` and `sasl`: plaintext. */
export interface KafkaConnection {
  brokers: string[];
  /** TLS to the brokers: `true` trusts the system's CAs, `ca` (PEM certificates) trusts only those. */
  tls?: true | { ca: string[] };
  sasl?: KafkaSasl;
}

export interface KafkaClientOptions extends KafkaConnection {
  clientId: string;
  logger: Logger;
  /** Lets tests cut the network between a client and the real broker. */
  socketFactory?: ISocketFactory;
  retry?: KafkaConfig['retry'];
}

type KafkaConnectionSettings = Pick<
  KafkaSettings,
  | 'KAFKA_BROKERS'
  | 'KAFKA_SASL_MECHANISM'
  | 'KAFKA_SASL_USERNAME'
  | 'KAFKA_SASL_PASSWORD'
  | 'KAFKA_TLS'
  | 'KAFKA_TLS_CA_FILE'
>;

/**
 * The connection the KAFKA_* settings describe (`serviceEnvSchema`, `kafkaEnvSchema` of
 * @multimfa/service-runtime, which have checked them). Reads KAFKA_TLS_CA_FILE now, so a missing
 * file stops the process at start rather than at its first connection.
 */
export function kafkaConnection(settings: KafkaConnectionSettings): KafkaConnection {
  const connection: KafkaConnection = { brokers: settings.KAFKA_BROKERS };
  if (settings.KAFKA_TLS) {
    const caFile = settings.KAFKA_TLS_CA_FILE;
    if (caFile) {
      let ca: string;
      try {
        ca = readFileSync(caFile, 'utf8');
      } catch (error) {
        throw new Error(
          `KAFKA_TLS_CA_FILE: cannot read ${caFile} (${(error as NodeJS.ErrnoException).code})`,
        );
      }
      if (!ca.includes('-----BEGIN CERTIFICATE-----')) {
        throw new Error(`KAFKA_TLS_CA_FILE: ${caFile} holds no PEM certificate`);
      }
      connection.tls = { ca: [ca] };
    } else {
      connection.tls = true;
    }
  }
  const {
    KAFKA_SASL_MECHANISM: mechanism,
    KAFKA_SASL_USERNAME: username,
    KAFKA_SASL_PASSWORD: password,
  } = settings;
  if (mechanism) {
    if (!username || !password)
      throw new Error('KAFKA_SASL_MECHANISM is set without KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD');
    connection.sasl = { mechanism, username, password };
  }
  return connection;
}

/** What kafkajs needs of a connection: its brokers, TLS and SASL. */
export function kafkaConnectionConfig(
  connection: KafkaConnection,
): Pick<KafkaConfig, 'brokers' | 'ssl' | 'sasl'> {
  const { brokers, tls, sasl } = connection;
  return {
    brokers,
    ...(tls ? { ssl: tls === true ? true : { ca: tls.ca, rejectUnauthorized: true } } : {}),
    ...(sasl ? { sasl: { ...sasl } as SASLOptions } : {}),
  };
}

/** A kafkajs client whose own logs (warnings and errors) go to the service's JSON log. */
export function createKafka(options: KafkaClientOptions): Kafka {
  const log = options.logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId: options.clientId,
    ...kafkaConnectionConfig(options),
    connectionTimeout: 3000,
    requestTimeout: 10_000,
    retry: options.retry ?? { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }) => {
        const { message, timestamp: _timestamp, logger: _logger, ...rest } = entry;
        log[LEVELS[level] ?? 'info'](rest, message);
      },
    ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
  });
}
