import { sealingKeySetting } from '@multimfa/events';
import { serviceEnvSchema } from '@multimfa/service-runtime';
import type { z } from 'zod';

export const identityConfigSchema = serviceEnvSchema.extend({
  /** Seals the one-time codes in notification events so only messaging can read them. */
  EVENT_SEALING_KEY: sealingKeySetting,
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;
