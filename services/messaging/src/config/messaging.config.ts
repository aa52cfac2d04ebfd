import { sealingKeySetting } from '@multimfa/events';
import { configSchemas, serviceEnvSchema } from '@multimfa/service-runtime';
import { z } from 'zod';

export const messagingConfigSchema = serviceEnvSchema.extend({
  SENDGRID_API_KEY: z.string().min(1),
  /** SendGrid's API; the provider sandbox's address locally. */
  SENDGRID_API_URL: configSchemas.url(['http:', 'https:']).default('https://api.sendgrid.com'),
  EMAIL_FROM_ADDRESS: z.email().default('no-reply@multimfa.com'),
  EMAIL_FROM_NAME: z.string().min(1).default('MultiMFA'),
  /** Where the landing page's contact form messages are e-mailed. */
  SUPPORT_EMAIL: z.email().default('support@multimfa.com'),
  /** Where people open the product (links in e-mails). */
  PUBLIC_WEB_URL: configSchemas.url(['http:', 'https:']),
  /** Twilio, which sends forwarded texts from each MultiMFA's own number. */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio account SID (AC + 32 hex)'),
  TWILIO_AUTH_TOKEN: z.string().min(1),
  /** Twilio's API; the provider sandbox's address locally. */
  TWILIO_API_URL: configSchemas.url(['http:', 'https:']).default('https://api.twilio.com'),
  /** The product's public address as Twilio reaches it (behind the Ingress): status callbacks go to its /api. */
  PUBLIC_API_URL: configSchemas.url(['http:', 'https:']),
  /** Opens the codes identity seals for messaging (the same key as identity's). */
  EVENT_SEALING_KEY: sealingKeySetting,
  /**
   * Multiplies every wait between two attempts of a provider send (1 s … 5 min, 24 attempts): 1 in
   * production. Only the faults tier sets it lower, to run the real schedule of retries compressed.
   */
  PROVIDER_RETRY_DELAY_SCALE: z.coerce.number().positive().max(1).default(1),
  /**
   * A forward, e-mail or SMS still queued this long after its row was written (its job lost with
   * Redis) is queued again, by a sweep this often. A minute in production; only the faults tier sets
   * it lower.
   */
  LOST_WORK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Slack's incoming webhooks; the provider sandbox's address locally. */
  SLACK_WEBHOOK_BASE_URL: configSchemas.url(['http:', 'https:']).default('https://hooks.slack.com'),
  /**
   * host:port pairs (comma-separated) a webhook destination may name although they are http or
   * private (the sandbox's receiver in development and tests). Empty in production: only https to
   * public addresses.
   */
  DESTINATION_ALLOW_PRIVATE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[^:\s]+:\d+$/, 'must be a comma-separated list of host:port'))),
  /** Seals webhook destinations' signing secrets at rest; unset: EVENT_SEALING_KEY. */
  DESTINATION_SECRET_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    sealingKeySetting.optional(),
  ),
  /** Bot waits (`messages/next`) open at once per API key, across replicas; one more answers 429. */
  BOT_WAITS_PER_KEY: z.coerce.number().int().min(1).default(10),
  /** Bot waits open at once over all the keys of one RoboMFA, across replicas; one more answers 429. */
  BOT_WAITS_PER_ROBOMFA: z.coerce.number().int().min(1).default(100),
});
export type MessagingConfig = z.output<typeof messagingConfigSchema>;
