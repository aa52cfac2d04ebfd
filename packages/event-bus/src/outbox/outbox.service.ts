import { randomUUID } from 'node:crypto';
import { type EventDefinition, type EventEnvelope, type PayloadOf, sealSecret } from '@multimfa/events';
import { currentCorrelationId, namedStatement } from '@multimfa/service-runtime';
import type { EntityManager } from 'typeorm';
import { shardOf } from './shard.rules.js';

export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * The outbox's part of a statement: CTEs (`outbox_locked`, `outbox_inserted`) that take the events'
 * keys' locks and, once all are held, insert the rows, only when the SQL condition `when` holds; and
 * `notify`, an expression that wakes the relays (the notification leaves at commit) when it holds;
 * `locked`, a condition true once the keys' locks are held (a later write of the statement that reads
 * it takes its own locks after them). The parameters are $first to $first + 8, `OutboxWrite.params`
 * in that order. The locks are a one-time filter of the insert's rows, so they are held before any
 * row takes its id; a `when` that reads the statement's own change orders that change's row locks
 * before the keys' locks.
 */
export function outboxWriteSql(
  first: number,
  when = 'true',
): { ctes: string; notify: string; locked: string } {
  const p = (offset: number) => `$${first + offset}`;
  const locked = `(SELECT count(*) FROM outbox_locked) = cardinality(${p(7)}::text[])`;
  return {
    locked,
    ctes: `outbox_locked AS MATERIALIZED (
     SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest(${p(7)}::text[]) AS k WHERE ${when}),
   outbox_inserted AS (
     INSERT INTO outbox_event (event_id, topic, message_key, shard, event_type, correlation_id, envelope)
     SELECT event_id, topic, message_key, shard, event_type, correlation_id, envelope
       FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::smallint[], ${p(4)}::text[],
                   ${p(5)}::text[], ${p(6)}::json[])
            AS written(event_id, topic, message_key, shard, event_type, correlation_id, envelope)
      WHERE ${locked})`,
    notify: `(SELECT pg_notify(${p(8)}, '') WHERE ${when})`,
  };
}

const publishSql = outboxWriteSql(1);
/** Takes the keys' locks, inserts the rows and wakes the relays, in one statement (see `publishEach`). */
const PUBLISH = namedStatement('outbox.publish', `WITH ${publishSql.ctes} SELECT ${publishSql.notify}`);

/** Events ready to be written by a statement (`outboxWriteSql`'s parameters), and their envelopes. */
export interface OutboxWrite {
  envelopes: EventEnvelope[];
  params: unknown[];
}

/** One event to write: its definition and its payload. */
export interface OutboxEvent<D extends EventDefinition = EventDefinition> {
  definition: D;
  payload: PayloadOf<D>;
}

/** An event for `Outbox.publishEach`, its payload typed by its definition. */
export const outboxEvent = <D extends EventDefinition>(definition: D, payload: PayloadOf<D>): OutboxEvent =>
  ({ definition, payload }) as OutboxEvent;

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
   * Writes several events of one definition in one statement (a bulk change): in the order given,
   * so events of one key are published in that order.
   */
  async publishAll<D extends EventDefinition>(
    manager: EntityManager,
    definition: D,
    payloads: Array<PayloadOf<D>>,
    options: PublishOptions = {},
  ): Promise<Array<EventEnvelope<PayloadOf<D>>>> {
    const envelopes = await this.publishEach(
      manager,
      payloads.map((payload) => outboxEvent(definition, payload)),
      options,
    );
    return envelopes as Array<EventEnvelope<PayloadOf<D>>>;
  }

  /**
   * Writes events of any definitions in one statement, in the order given: one round trip for all
   * the facts of a change.
   */
  async publishEach(
    manager: EntityManager,
    events: OutboxEvent[],
    options: PublishOptions = {},
  ): Promise<EventEnvelope[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      const types = [...new Set(events.map((event) => event.definition.type))].join(', ');
      throw new Error(`Outbox.publish(${types}) must run inside the transaction of the change it reports`);
    }
    if (!events.length) return [];
    const { envelopes, params } = this.prepare(events, options);
    await manager.query(PUBLISH, params);
    return envelopes;
  }

  /**
   * The events as `outboxWriteSql`'s parameters, for a statement that writes them with the change
   * they report (one statement, no transaction around it), in the order given.
   */
  prepare(events: OutboxEvent[], options: PublishOptions = {}): OutboxWrite {
    const occurredAt = (options.occurredAt ?? new Date()).toISOString();
    const envelopes = events.map(({ definition, payload }): EventEnvelope => {
      const parsed = definition.payload.parse(payload);
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
    // so two bulk writers cannot deadlock.
    const keys = [...new Set(envelopes.map((envelope) => `outbox:${envelope.key}`))].sort();
    const params = [
      envelopes.map((envelope) => envelope.eventId),
      events.map(({ definition }) => `${this.topicPrefix}${definition.topic.name}`),
      envelopes.map((envelope) => envelope.key),
      envelopes.map((envelope) => shardOf(envelope.key)),
      envelopes.map((envelope) => envelope.type),
      envelopes.map((envelope) => envelope.correlationId),
      envelopes.map((envelope) => JSON.stringify(envelope)),
      keys,
      OUTBOX_CHANNEL,
    ];
    return { envelopes, params };
  }
}
