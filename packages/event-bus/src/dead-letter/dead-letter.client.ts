import type { IHeaders, Kafka, KafkaMessage, Producer } from 'kafkajs';

export interface DeadLetterOrigin {
  topic: string;
  partition: number;
  offset: string;
  group: string;
  reason: string;
  attempts: number;
}

export function deadLetterHeaders(origin: DeadLetterOrigin): IHeaders {
  return {
    'x-original-topic': origin.topic,
    'x-original-partition': String(origin.partition),
    'x-original-offset': origin.offset,
    'x-consumer-group': origin.group,
    'x-error': origin.reason.slice(0, 1000),
    'x-attempts': String(origin.attempts),
    'x-failed-at': new Date().toISOString(),
  };
}

export interface DeadLetter {
  offset: string;
  partition: number;
  key: string | null;
  value: string;
  eventId: string | null;
  type: string | null;
  originalTopic: string;
  group: string;
  error: string;
  attempts: number;
  failedAt: string;
}

const header = (headers: IHeaders | undefined, name: string) => headers?.[name]?.toString() ?? '';

function describe(value: string): { eventId: string | null; type: string | null } {
  try {
    const parsed = JSON.parse(value) as { eventId?: unknown; type?: unknown };
    return {
      eventId: typeof parsed.eventId === 'string' ? parsed.eventId : null,
      type: typeof parsed.type === 'string' ? parsed.type : null,
    };
  } catch {
    return { eventId: null, type: null };
  }
}

/**
 * Reads every message now in the dead-letter topic (up to the current end of each partition)
 * without committing anything, so listing never changes what is there.
 */
export async function readDeadLetters(kafka: Kafka, deadLetterTopic: string): Promise<DeadLetter[]> {
  const letters = (await readTopic(kafka, deadLetterTopic)).map(({ partition, message }) => {
    const value = message.value?.toString('utf8') ?? '';
    return {
      offset: message.offset,
      partition,
      key: message.key?.toString('utf8') ?? null,
      value,
      ...describe(value),
      originalTopic: header(message.headers, 'x-original-topic'),
      group: header(message.headers, 'x-consumer-group'),
      error: header(message.headers, 'x-error'),
      attempts: Number(header(message.headers, 'x-attempts') || 0),
      failedAt: header(message.headers, 'x-failed-at'),
    };
  });
  return letters.sort((a, b) => a.failedAt.localeCompare(b.failedAt));
}

/**
 * The consumer groups `readTopic` joins (one of its own per call, committing nothing) start so: a
 * Kafka user that reads topics with it (the dead-letter CLI, admin-reporting's rebuild) needs Read
 * on groups of this prefix.
 */
export const TOPIC_READER_GROUP_PREFIX = 'topic-reader-';

/** Every message now in a topic (up to the current end of each partition), committing nothing. */
export async function readTopic(
  kafka: Kafka,
  topic: string,
): Promise<Array<{ partition: number; message: KafkaMessage }>> {
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map<number, bigint>();
  try {
    for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
      if (BigInt(high) > BigInt(low)) ends.set(partition, BigInt(high));
    }
  } finally {
    await admin.disconnect();
  }
  if (!ends.size) return [];

  const messages: Array<{ partition: number; message: KafkaMessage }> = [];
  const consumer = kafka.consumer({
    groupId: `${TOPIC_READER_GROUP_PREFIX}${process.pid}-${Date.now()}-${Math.random()}`,
  });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const remaining = new Set(ends.keys());
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const end = ends.get(partition);
            if (end === undefined || BigInt(message.offset) >= end) return;
            messages.push({ partition, message });
            if (BigInt(message.offset) + 1n >= end) {
              remaining.delete(partition);
              if (!remaining.size) resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
  }
  return messages;
}

/**
 * Sends chosen dead letters back to the topic they came from, unchanged (same key, same event id):
 * the group that failed applies them once its bug is fixed; groups that applied them skip them.
 */
export async function republish(producer: Producer, letters: DeadLetter[]): Promise<number> {
  for (const letter of letters) {
    await producer.send({
      topic: letter.originalTopic,
      acks: -1,
      messages: [
        { key: letter.key, value: letter.value, headers: { 'republished-from-dead-letter': letter.offset } },
      ],
    });
  }
  return letters.length;
}
