import { topicList } from '@multimfa/events';
import type { Kafka } from 'kafkajs';
import { ensureTopics } from '../kafka/topics.client.js';

/** Every listed topic under `prefix`: a test's own set, so parallel test files never read each other's events. */
export async function createTestTopics(kafka: Kafka, prefix: string): Promise<void> {
  await ensureTopics(kafka, topicList(prefix));
}

/** Deletes the topics `createTestTopics` made; cleanup after a test, so a broker that refuses is not a failure. */
export async function deleteTestTopics(kafka: Kafka, prefix: string): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.deleteTopics({ topics: topicList(prefix).map((topic) => topic.name) }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}
