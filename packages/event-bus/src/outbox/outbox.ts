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
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(
        `Outbox.publish(${definition.type}) must run inside the transaction of the change it reports`,
      );
    }
    const parsed = definition.payload.parse(payload) as PayloadOf<D>;
    const key = definition.keyOf(parsed);
    const eventId = randomUUID();
    const envelope: EventEnvelope<PayloadOf<D>> = {
      eventId,
      type: definition.type,
      version: definition.version,
      occurredAt: (options.occurredAt ?? new Date()).toISOString(),
      correlationId: currentCorrelationId() ?? eventId,
      causationId: options.causationId ?? null,
      key,
      payload: parsed,
    };
    // Writers of one key take turns, so the ids of one key's events follow their commit order
    // and the relay, reading by id, publishes them in that order.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`outbox:${key}`]);
    await manager.query(
      'INSERT INTO outbox_event (event_id, topic, message_key, shard, envelope) VALUES ($1, $2, $3, $4, $5)',
      [eventId, `${this.topicPrefix}${definition.topic.name}`, key, shardOf(key), JSON.stringify(envelope)],
    );
    await manager.query('SELECT pg_notify($1, $2)', [OUTBOX_CHANNEL, '']);
    return envelope;
  }
}
