import { configSchemas, processEnvSchema, signingKeySchema } from '@multimfa/service-runtime';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const gatewayConfigSchema = processEnvSchema.extend({
  REDIS_URL: configSchemas.url(['redis:', 'rediss:']),
  /** Put before every Redis key the gateway writes; its Redis ACL user may touch only these keys. */
  REDIS_KEY_PREFIX: configSchemas.redisKeyPrefix,
  /** The gateway's Ed25519 private key: it signs the short-lived token on every call to a service. */
  SERVICE_SIGNING_KEY: signingKeySchema,
  /** Signs the session cookie; at least 32 characters, from a Secret in production. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Set the Secure flag on cookies (true behind https). */
  COOKIE_SECURE: flag.default(false),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(7 * 24 * 3600),
  /** How many proxies (the Ingress) stand before the gateway: the client's address is the one they name. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  /** Per client network (/24, /64): every /api call but the providers' webhooks. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Per client network: the providers' webhooks (Twilio's texts and statuses, Stripe, SendGrid), apart. */
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(12_000),
  /** Per client network: invitation token lookups, accepts and rejects together. */
  INVITATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Per bot API key: calls of the bot API (a wait counts once). */
  BOT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Per client network (/24, /64): sign-ups in 10 minutes, whatever the addresses. */
  SIGNUP_LIMIT_PER_NETWORK: z.coerce.number().int().min(1).default(10),
  SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  NUMBERS_URL: configSchemas.url(['http:', 'https:']),
  IDENTITY_URL: configSchemas.url(['http:', 'https:']),
  BILLING_URL: configSchemas.url(['http:', 'https:']),
  MESSAGING_URL: configSchemas.url(['http:', 'https:']),
  ADMIN_REPORTING_URL: configSchemas.url(['http:', 'https:']),
  /** Where people open the product; Google sends them back to it. */
  PUBLIC_URL: configSchemas.url(['http:', 'https:']),
  /**
   * The product's public address as the providers reach it (the Ingress): Twilio signs the URL it
   * posted to, so signatures are checked against this base; PUBLIC_URL when unset.
   */
  PUBLIC_API_URL: configSchemas.url(['http:', 'https:']).optional(),
  /** Checks `X-Twilio-Signature` on Twilio's webhooks. */
  TWILIO_AUTH_TOKEN: z.string().min(1),
  /** SendGrid's event webhook verification key (base64 DER, as its console shows it); events are refused without it. */
  SENDGRID_EVENT_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1),
  GOOGLE_CLIENT_SECRET: z.string().min(1),
  GOOGLE_AUTHORIZATION_URL: configSchemas
    .url(['http:', 'https:'])
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: configSchemas.url(['http:', 'https:']).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: configSchemas
    .url(['http:', 'https:'])
    .default('https://www.googleapis.com/oauth2/v3/userinfo'),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;
