import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  type EventEnvelope,
  notificationRequested,
  openSecret,
  type PayloadOf,
} from '@multimfa/events';
import type { Kafka, Producer } from 'kafkajs';
import { readTopic } from '../dead-letter/dead-letter.client.js';

export {
  type ServiceTestApp,
  type ServiceTestAppOptions,
  type ServiceTestAppWithoutKafka,
  startServiceTestApp,
  type TestCompanion,
} from './service-test-app.harness.js';
export { createTestTopics, deleteTestTopics } from './test-topics.harness.js';

type Notification = PayloadOf<typeof notificationRequested>;

/**
 * The one-time codes identity asked messaging to e-mail, read from the notification topic and
 * opened with the sealing key, as messaging does: what tests use instead of an e-mail inbox. In the
 * order they were published, per user.
 */
export async function publishedCodes(
  kafka: Kafka,
  options: { topicPrefix: string; sealingKey: string },
  wanted: (notification: Notification) => boolean,
): Promise<string[]> {
  const messages = await readTopic(kafka, `${options.topicPrefix}${notificationRequested.topic.name}`);
  return messages
    .map(({ message }) => JSON.parse(message.value?.toString('utf8') ?? '{}') as EventEnvelope<Notification>)
    .filter(
      (event) => event.type === notificationRequested.type && event.version === notificationRequested.version,
    )
    .map((event) => event.payload)
    .filter((payload) => payload.sealedCode !== null && wanted(payload))
    .map((payload) => openSecret(options.sealingKey, payload.sealedCode as string, payload.notificationId));
}

/**
 * Publishes one event in the envelope a service's relay sends, as another service would (a test
 * standing in for the producer); resolves with the event's id.
 */
export async function publishTestEvent<D extends EventDefinition>(
  producer: Producer,
  topicPrefix: string,
  definition: D,
  payload: PayloadOf<D>,
): Promise<string> {
  const eventId = randomUUID();
  const key = definition.keyOf(payload);
  const envelope: EventEnvelope<PayloadOf<D>> = {
    eventId,
    type: definition.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    correlationId: `test-${eventId}`,
    causationId: null,
    key,
    payload,
  };
  await producer.send({
    topic: `${topicPrefix}${definition.topic.name}`,
    messages: [{ key, value: JSON.stringify(envelope) }],
  });
  return eventId;
}
