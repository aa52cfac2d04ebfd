// The event the outbox benchmark writes, shared by its processes.
import { z } from 'zod';
import { defineEvent, EventCatalogue } from '../../packages/events/dist/index.js';

export const itemTopic = {
  name: 'bench.item.v1',
  partitions: 6,
  retentionMs: 3_600_000,
  description: 'outbox benchmark',
};

export const itemChanged = defineEvent({
  type: 'bench.item.changed',
  version: 1,
  topic: itemTopic,
  payload: z.object({ itemId: z.string(), n: z.number() }),
  keyOf: (payload) => payload.itemId,
});

export const itemCatalogue = new EventCatalogue([itemChanged]);
