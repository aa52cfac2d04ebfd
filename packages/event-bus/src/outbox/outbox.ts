import { randomUUID } from 'node:crypto';
import { type EventDefinition, type EventEnvelope, type PayloadOf, sealSecret } from '@multimfa/events';
import { currentCorrelationId } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { shardOf } from './shard.js';

export const OUTBOX_CHANNEL = 'outbox_event';

export interface PublishOptions {
  /** The event that caused this one, when it is a reaction. */
  causationId?: string;
  /** When the fact happened, if not now. */
  occurredAt?: Date;
}

/**
 * Writes events into the service's outbox inside the caller's transaction: they are published
 * when, and only when, the change that caused them commits.
 */
export class Outbox {
  constructor(
    private readonly topicPrefix = '',
    private readonly sealingKey?: string,
  ) {}

  /** Seals a secret for the event's one intended reader (see `sealSecret`), bound to `context`. */
  seal(secret: string, context: string): string {
    if (!this.sealingKey) throw new Error('this service has no EVENT_SEALING_KEY to seal secrets with');
    return sealSecret(this.sealingKey, secret, context);
  }

  async publish<D extends EventDefinition>(
    manager: EntityManager,
    definition: D,
    payload: PayloadOf<D>,
    options: PublishOptions = {},
  ): Promise<EventEnvelope<PayloadOf<D>>> {
    const [envelope] = await this.publishAll(manager, definition, [payload], options);
    return envelope as EventEnvelope<PayloadOf<D>>;
  }

  /**
   * Writes several events of one definition in one round of statements (a bulk change): in the
   * order given, so events of one key are published in that order.
   */
  async publishAll<D extends EventDefinition>(
    manager: EntityManager,
    definition: D,
    payloads: Array<PayloadOf<D>>,
    options: PublishOptions = {},
  ): Promise<Array<EventEnvelope<PayloadOf<D>>>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(
        `Outbox.publish(${definition.type}) must run inside the transaction of the change it reports`,
      );
    }
    if (!payloads.length) return [];
    const occurredAt = (options.occurredAt ?? new Date()).toISOString();
    const envelopes = payloads.map((payload): EventEnvelope<PayloadOf<D>> => {
      const parsed = definition.payload.parse(payload) as PayloadOf<D>;
      const eventId = randomUUID();
      return {
        eventId,
        type: definition.type,
        version: definition.version,
        occurredAt,
        correlationId: currentCorrelationId() ?? eventId,
        causationId: options.causationId ?? null,
        key: definition.keyOf(parsed),
        payload: parsed,
      };
    });
    // Writers of one key take turns, so the ids of one key's events follow their commit order
    // and the relay, reading by id, publishes them in that order. Keys are locked in sorted order
    // so two bulk writers cannot deadlock. One statement takes the locks, inserts the rows and wakes
    // the relays (the notification leaves at commit): the locks are a one-time filter of the insert's
    // rows, so they are held before any row takes its id.
    const keys = [...new Set(envelopes.map((envelope) => `outbox:${envelope.key}`))].sort();
    await manager.query(
      `WITH locked AS MATERIALIZED (
         SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest($9::text[]) AS k),
       inserted AS (
         INSERT INTO outbox_event (event_id, topic, message_key, shard, event_type, correlation_id, envelope)
         SELECT event_id, $2, message_key, shard, $5, correlation_id, envelope
           FROM unnest($1::uuid[], $3::text[], $4::smallint[], $6::text[], $7::json[])
                AS written(event_id, message_key, shard, correlation_id, envelope)
          WHERE (SELECT count(*) FROM locked) = cardinality($9::text[]))
       SELECT pg_notify($8, '')`,
      [
        envelopes.map((envelope) => envelope.eventId),
        `${this.topicPrefix}${definition.topic.name}`,
        envelopes.map((envelope) => envelope.key),
        envelopes.map((envelope) => shardOf(envelope.key)),
        definition.type,
        envelopes.map((envelope) => envelope.correlationId),
        envelopes.map((envelope) => JSON.stringify(envelope)),
        OUTBOX_CHANNEL,
        keys,
      ],
    );
    return envelopes;
  }
}
