import type { EventDefinition } from './define-event.builder.js';

/**
 * The rollout order of event versions. A consumer that handles a type holds its partition on a
 * version of that type it has no handler for (`event_consumer_unknown_version_total`), until a
 * replica with the handler takes over. So a new version ships consumers first: every service that
 * handles `type` gets a handler for `type@N` (released and deployed) before any service publishes
 * `type@N`. These rules judge one state of the code, as the services would run it.
 *
 * Not a break: a version handled that nobody publishes (a consumer deployed ahead of its producer,
 * the right order; or an old version kept while its events may still be on the topic), and a type
 * a service does not handle at all (its consumer skips it).
 */
export type EventVersion = Pick<EventDefinition, 'type' | 'version'>;

/** What one service publishes through its outbox and what its handlers take. */
export interface ServiceEvents {
  service: string;
  publishes: readonly EventVersion[];
  handles: readonly EventVersion[];
}

/** A producer that would publish a version one of its consumers holds its partition on. */
export interface RolloutOrderViolation {
  producer: string;
  consumer: string;
  /** `type@N`, as published. */
  event: string;
  /** The versions of that type the consumer handles, none of them N. */
  handled: number[];
  /** `deploy <consumer> handling type@N before <producer> publishes it` */
  rule: string;
}

const idOf = ({ type, version }: EventVersion) => `${type}@${version}`;

/** Every producer, consumer and `type@N` shipped in the wrong order; empty when none is. */
export function rolloutOrderViolations(services: readonly ServiceEvents[]): RolloutOrderViolation[] {
  const violations = new Map<string, RolloutOrderViolation>();
  for (const producer of services) {
    for (const published of producer.publishes) {
      const event = idOf(published);
      for (const consumer of services) {
        const handled = [
          ...new Set(
            consumer.handles.filter(({ type }) => type === published.type).map(({ version }) => version),
          ),
        ].sort((a, b) => a - b);
        if (!handled.length || handled.includes(published.version)) continue;
        violations.set(`${producer.service}|${consumer.service}|${event}`, {
          producer: producer.service,
          consumer: consumer.service,
          event,
          handled,
          rule: `deploy ${consumer.service} handling ${event} before ${producer.service} publishes it`,
        });
      }
    }
  }
  return [...violations.values()].sort((a, b) => a.rule.localeCompare(b.rule));
}

/** One line per violation, for a failing check: the rule and what the consumer handles now. */
export function describeRolloutOrderViolation({
  rule,
  consumer,
  event,
  handled,
}: RolloutOrderViolation): string {
  const type = event.slice(0, event.lastIndexOf('@'));
  const versions = `${handled.length > 1 ? 'versions' : 'version'} ${handled.join(', ')}`;
  return `${rule} (${consumer} handles ${type} only at ${versions}: it would hold its partition on ${event})`;
}
