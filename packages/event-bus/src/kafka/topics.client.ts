import type { TopicSpec } from '@multimfa/events';
import type { Admin, Kafka } from 'kafkajs';

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
    await servedWithLeaders(admin, topics);
    return missing.map((topic) => topic.name);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Throws unless the broker's metadata serves every partition of every topic with a leader. The
 * controller answers CreateTopics before the broker's own metadata has the new partitions, and a
 * producer that sends in that gap is refused with UNKNOWN_TOPIC_OR_PARTITION from its metadata refresh.
 */
async function servedWithLeaders(admin: Admin, topics: TopicSpec[]): Promise<void> {
  const { topics: served } = await admin.fetchTopicMetadata({ topics: topics.map((topic) => topic.name) });
  for (const topic of topics) {
    const partitions = served.find((candidate) => candidate.name === topic.name)?.partitions ?? [];
    if (partitions.length === 0 || partitions.some((partition) => partition.leader < 0)) {
      throw new Error(`topic ${topic.name} is not served with a leader for each partition yet`);
    }
  }
}

/**
 * Creates the topics that do not exist yet, with their partitions and retention, and returns once
 * the broker serves each of them with a leader per partition. A broker that has just started, or a
 * topic just created, may not be there yet: that is retried, not fatal.
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
