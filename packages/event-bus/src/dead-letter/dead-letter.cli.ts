import { TOPICS } from '@multimfa/events';
import {
  ConfigError,
  createLogger,
  type KafkaSettings,
  kafkaEnvSchema,
  loadConfig,
} from '@multimfa/service-runtime';
import { createKafka, kafkaConnection } from '../kafka/kafka.client.js';
import { readDeadLetters, republish } from './dead-letter.client.js';

/**
 * `npm run dead-letters -- list` shows what is in the dead-letter topic;
 * `npm run dead-letters -- republish <eventId> [<eventId> …]` sends those events back to their topic.
 * Reads KAFKA_BROKERS (default the local broker), KAFKA_TOPIC_PREFIX, and the services' TLS and
 * SASL settings (KAFKA_TLS, KAFKA_TLS_CA_FILE, KAFKA_SASL_*; in production a user allowed to read the
 * dead-letter topic and write the topics it republishes to, infra/README.md).
 */
const [command, ...eventIds] = process.argv.slice(2);
let settings: KafkaSettings;
try {
  settings = loadConfig(kafkaEnvSchema, { KAFKA_BROKERS: '127.0.0.1:24092', ...process.env });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
const topic = `${settings.KAFKA_TOPIC_PREFIX}${TOPICS.deadLetter.name}`;
const kafka = createKafka({
  clientId: 'dead-letter-cli',
  ...kafkaConnection(settings),
  logger: createLogger('dead-letters', 'error'),
});

const letters = await readDeadLetters(kafka, topic);
if (command === 'list') {
  if (!letters.length) process.stdout.write(`${topic} is empty\n`);
  for (const letter of letters) {
    process.stdout.write(
      `${letter.failedAt}  ${letter.eventId ?? '(no event id)'}  ${letter.type ?? '?'}  from ${letter.originalTopic}` +
        ` (group ${letter.group}, ${letter.attempts} attempts): ${letter.error}\n`,
    );
  }
} else if (command === 'republish' && eventIds.length) {
  const chosen = letters.filter((letter) => letter.eventId && eventIds.includes(letter.eventId));
  const missing = eventIds.filter((id) => !chosen.some((letter) => letter.eventId === id));
  if (missing.length) {
    process.stderr.write(`not in ${topic}: ${missing.join(', ')}\n`);
    process.exit(1);
  }
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  try {
    process.stdout.write(`republished ${await republish(producer, chosen)} event(s)\n`);
  } finally {
    await producer.disconnect();
  }
} else {
  process.stderr.write('usage: dead-letters list | dead-letters republish <eventId> [<eventId> …]\n');
  process.exit(2);
}
