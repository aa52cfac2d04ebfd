import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/** How many days the bodies and codes of an MFA's texts are kept: 1 to 90, 30 unless the owner chose. */
export const RETENTION_DAYS = { min: 1, max: 90, default: 30 } as const;

const RETENTION_MESSAGE = `Retention must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`;

export const retentionDaysSchema = z
  .number({ error: RETENTION_MESSAGE })
  .int(RETENTION_MESSAGE)
  .min(RETENTION_DAYS.min, RETENTION_MESSAGE)
  .max(RETENTION_DAYS.max, RETENTION_MESSAGE);

export const retentionSchema = z.object({ retentionDays: retentionDaysSchema }).meta({ id: 'Retention' });
export type Retention = z.output<typeof retentionSchema>;

export const retentionParams = z.object({ mfaId: z.uuid({ error: 'MFA not found' }) });

export const getRetention = endpoint({
  operationId: 'getRetention',
  method: 'GET',
  path: '/api/mfa/:mfaId/retention',
  summary:
    'How many days the bodies and codes of texts to one of the caller’s MultiMFAs or RoboMFAs are kept (another customer’s: 404)',
  tag: 'plan',
  access: 'user',
  params: retentionParams,
  response: envelope(retentionSchema),
});

export const setRetention = endpoint({
  operationId: 'setRetention',
  method: 'PUT',
  path: '/api/mfa/:mfaId/retention',
  summary:
    'Sets the retention of one of the caller’s MultiMFAs or RoboMFAs: bodies and codes older than it are deleted (the logs keep sender, time, status and service); 1 to 90 days, else 400',
  tag: 'plan',
  access: 'user',
  params: retentionParams,
  body: retentionSchema,
  response: envelope(retentionSchema),
});

export const retentionEndpoints = [getRetention, setRetention] as const;
