import { sealingKeySetting } from '@multimfa/events';
import { configSchemas, serviceEnvSchema } from '@multimfa/service-runtime';
import { z } from 'zod';

export const numbersConfigSchema = serviceEnvSchema.extend({
  /** Where Twilio reaches the product's /api (the Ingress host): numbers' SMS webhooks point there. */
  PUBLIC_API_URL: configSchemas.url(['http:', 'https:']),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC + 32 hex)'),
  TWILIO_AUTH_TOKEN: z.string().min(1),
  /** Twilio's REST API; the provider sandbox's address locally. */
  TWILIO_API_URL: configSchemas.url(['http:', 'https:']).default('https://api.twilio.com'),
  /** Seals invitation tokens for messaging (the same key as messaging's); without it no invitation is sent. */
  EVENT_SEALING_KEY: sealingKeySetting.optional(),
  /** AES-256-GCM key of the bots' API keys at rest: 32 bytes, as 64 hex digits or base64. */
  BOT_KEY_ENCRYPTION_KEY: z
    .string()
    .transform((value) =>
      Buffer.from(value.trim(), /^[0-9a-fA-F]{64}$/.test(value.trim()) ? 'hex' : 'base64'),
    )
    .refine((key) => key.length === 32, 'must be 32 bytes, as 64 hex digits or base64'),
  /**
   * Work recorded in PostgreSQL whose job Redis may have lost (an SMS webhook not pointed yet) is
   * queued again once it is this old, by a sweep this often; the sweep of held numbers is registered
   * again this often. A minute in production; only the faults tier sets it lower.
   */
  LOST_WORK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});
export type NumbersConfig = z.output<typeof numbersConfigSchema>;
