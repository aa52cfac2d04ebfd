import type { TopicSpec } from '@multimfa/events';
import type { Kafka } from 'kafkajs';

/** Creates the topics that do not exist yet, with their partitions and retention. */
export async function ensureTopics(kafka: Kafka, topics: TopicSpec[]): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic.name));
    if (missing.length) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic: topic.name,
          numPartitions: topic.partitions,
          replicationFactor: -1,
          configEntries: [{ name: 'retention.ms', value: String(topic.retentionMs) }],
        })),
      });
    }
    return missing.map((topic) => topic.name);
  } finally {
    await admin.disconnect();
  }
}
