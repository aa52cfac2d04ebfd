import { serviceEnvSchema } from '@multimfa/service-runtime';
import { z } from 'zod';

export const identityConfigSchema = serviceEnvSchema.extend({
  /** Keys the HMAC of stored one-time codes; at least 32 characters, from a Secret in production. */
  CODE_HMAC_KEY: z.string().min(32, 'must be at least 32 characters'),
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;
