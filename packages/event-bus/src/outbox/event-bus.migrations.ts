import { CreateEventBusTables1763700000000 } from './event-bus-tables.migration.js';
import { OutboxEventIdNotUnique1767600000000 } from './outbox-event-id-not-unique.migration.js';
import { OutboxPlainEnvelope1766000000000 } from './outbox-plain-envelope.migration.js';
import { OutboxUnpublishedIndex1766300000000 } from './outbox-unpublished-index.migration.js';

/** The event bus's tables, in order: every service runs these before its own migrations. */
export const eventBusMigrations = [
  CreateEventBusTables1763700000000,
  OutboxPlainEnvelope1766000000000,
  OutboxUnpublishedIndex1766300000000,
  OutboxEventIdNotUnique1767600000000,
];
