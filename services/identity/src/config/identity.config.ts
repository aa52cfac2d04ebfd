import { sealingKeySetting } from '@multimfa/events';
import { serviceEnvSchema } from '@multimfa/service-runtime';
import { z } from 'zod';

export const identityConfigSchema = serviceEnvSchema.extend({
  /** Keys the HMAC of stored one-time codes; at least 32 characters, from a Secret in production. */
  CODE_HMAC_KEY: z.string().min(32, 'must be at least 32 characters'),
  /** Seals the one-time codes in notification events so only messaging can read them. */
  EVENT_SEALING_KEY: sealingKeySetting,
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;
