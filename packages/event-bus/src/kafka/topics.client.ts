import type { TopicSpec } from '@multimfa/events';
import type { Kafka } from 'kafkajs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function createMissing(kafka: Kafka, topics: TopicSpec[]): Promise<string[]> {
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

/**
 * Creates the topics that do not exist yet, with their partitions and retention. A broker that has
 * just started may not have elected the new partitions' leader yet: that is retried, not fatal.
 */
export async function ensureTopics(kafka: Kafka, topics: TopicSpec[], attempts = 10): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await createMissing(kafka, topics);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(Math.min(250 * 2 ** (attempt - 1), 4000));
    }
  }
}
