import { z } from 'zod';

/**
 * The one envelope every event travels in. `key` is the aggregate's id: it is the Kafka message key,
 * so events of one aggregate land on one partition, in order. `payload` is checked against the
 * event's own schema (see `defineEvent`).
 */
export const envelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().regex(/^[a-z]+(\.[a-z-]+)+$/, 'must look like service.aggregate.fact'),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1).max(128),
  causationId: z.string().min(1).max(128).nullable(),
  key: z.string().min(1).max(200),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof envelopeSchema>, 'payload'> & { payload: P };
