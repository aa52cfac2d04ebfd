import type { Logger } from '@multimfa/service-runtime';
import { type ISocketFactory, Kafka, type KafkaConfig, logLevel } from 'kafkajs';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export interface KafkaClientOptions {
  clientId: string;
  brokers: string[];
  logger: Logger;
  /** Lets tests cut the network between a client and the real broker. */
  socketFactory?: ISocketFactory;
  retry?: KafkaConfig['retry'];
}

/** A kafkajs client whose own logs (warnings and errors) go to the service's JSON log. */
export function createKafka(options: KafkaClientOptions): Kafka {
  const log = options.logger.child({ component: 'kafkajs' });
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
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
