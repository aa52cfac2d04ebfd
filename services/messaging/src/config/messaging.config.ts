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
  /** Opens the codes identity seals for messaging (the same key as identity's). */
  EVENT_SEALING_KEY: sealingKeySetting,
});
export type MessagingConfig = z.output<typeof messagingConfigSchema>;
