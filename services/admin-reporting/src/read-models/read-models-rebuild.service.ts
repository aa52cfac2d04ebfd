import { readTopic } from '@multimfa/event-bus';
import { catalogue, envelopeSchema } from '@multimfa/events';
import type { Logger } from '@multimfa/service-runtime';
import type { Kafka } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { applyEvent, projectedTopics } from './read-models.projection.js';
import { ReadModelsRepository } from './read-models.repository.js';

export interface RebuildOptions {
  dataSource: DataSource;
  kafka: Kafka;
  topicPrefix: string;
  logger: Logger;
  /** The service name the live consumer groups are named after. */
  service?: string;
}

export interface RebuildOutcome {
  /** Events applied to the fresh tables. */
  applied: number;
  /** Messages that were not a valid event of the catalogue (they went to dead letters live too). */
  skipped: number;
}

/**
 * Empties the read models and applies every event still on their topics, from the beginning, in one
 * transaction. It holds the live consumers off meanwhile (they wait on `processed_event`) and records
 * each event it applies under their group, so when they resume they skip what the rebuild applied
 * and go on with anything newer: the service may stay up while it runs.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildOutcome> {
  const service = options.service ?? 'admin-reporting';
  const groupOf = (topic: string) => `${options.topicPrefix}${service}.${topic}`;
  const readModels = new ReadModelsRepository(options.dataSource);
  return readModels.transaction(async (manager) => {
    await readModels.holdConsumers(manager);
    await readModels.empty(manager);
    await readModels.forgetApplied(manager, projectedTopics.map(groupOf));
    const outcome: RebuildOutcome = { applied: 0, skipped: 0 };
    for (const topic of projectedTopics) {
      const messages = await readTopic(options.kafka, `${options.topicPrefix}${topic}`);
      for (const { message } of messages) {
        const parsed = parseEvent(message.value?.toString('utf8') ?? '');
        if (!parsed) {
          outcome.skipped += 1;
          continue;
        }
        const first = await readModels.recordApplied(manager, groupOf(topic), parsed.eventId);
        if (first && (await applyEvent(manager, parsed))) outcome.applied += 1;
      }
      options.logger.info({ topic, messages: messages.length }, 'topic replayed into the read models');
    }
    return outcome;
  });
}

/** The event in a message, its payload checked as the live consumers check it; undefined if invalid. */
function parseEvent(raw: string) {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return undefined;
  const definition = catalogue.find(envelope.data.type, envelope.data.version);
  if (!definition) return { ...envelope.data };
  const payload = definition.payload.safeParse(envelope.data.payload);
  return payload.success ? { ...envelope.data, payload: payload.data } : undefined;
}
