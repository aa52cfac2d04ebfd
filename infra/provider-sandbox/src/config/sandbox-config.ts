import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The sandbox's settings, read from the environment. Every credential has a sandbox-only default so
 * `node dist/main.js` starts with nothing set; the services must be given the same values. A bad
 * setting stops the process at boot with a message naming it.
 */

/** Thrown at boot when a setting is missing or malformed; the message names every bad setting. */
export class SandboxConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid provider-sandbox configuration: ${issues.join('; ')}`);
    this.name = 'SandboxConfigError';
  }
}

export const DEFAULT_SANDBOX_PORT = 24090;

const E164 = /^\+[1-9]\d{6,14}$/;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });
/** An optional URL: unset or empty means "not configured". */
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined))
  .pipe(httpUrl.optional());
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
const pem = (label: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.replace(/\\n/g, '\n') : undefined))
    .refine((value) => value === undefined || value.includes(`-----BEGIN PRIVATE KEY-----`), {
      message: `must be a PKCS#8 PEM ${label} private key ("-----BEGIN PRIVATE KEY-----")`,
    });

export const sandboxEnvSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SANDBOX_PORT),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SANDBOX_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  /** Unset or empty: state in memory only. */
  SANDBOX_STATE_FILE: z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? resolve(value.trim()) : undefined)),

  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^sk_test_\w+$/, 'must look like sk_test_...')
    .default('sk_test_multimfa_sandbox'),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_test_\w+$/, 'must look like pk_test_...')
    .default('pk_test_multimfa_sandbox'),
  STRIPE_WEBHOOK_URL: optionalUrl,
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must look like whsec_...')
    .default('whsec_multimfa_sandbox'),
  STRIPE_WEBHOOK_EVENTS: list,

  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 lower-case hex digits')
    .default('AC00000000000000000000000000000001'),
  TWILIO_AUTH_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default('5a4db0c55a4db0c55a4db0c55a4db0c5'),
  TWILIO_INBOUND_WEBHOOK_URL: optionalUrl,
  TWILIO_PHONE_NUMBERS: list.pipe(
    z.array(z.string().regex(E164, 'must be a comma-separated list of E.164 numbers (+14155550123)')),
  ),

  SENDGRID_API_KEY: z.string().startsWith('SG.', 'must start with "SG."').default('SG.multimfa-sandbox'),
  SENDGRID_EVENT_WEBHOOK_URL: optionalUrl,
  SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY: pem('EC P-256'),
  SENDGRID_EVENT_BATCH_MS: z.coerce.number().int().min(1).max(60_000).default(1000),

  GOOGLE_CLIENT_ID: z.string().min(1).default('multimfa-sandbox.apps.googleusercontent.com'),
  GOOGLE_CLIENT_SECRET: z.string().min(1).default('GOCSPX-multimfa-sandbox'),
  GOOGLE_REDIRECT_URIS: list.pipe(z.array(httpUrl)),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  GOOGLE_SIGNING_KEY: pem('RSA'),
});

/** Numbers the sandbox's Twilio account owns at start when TWILIO_PHONE_NUMBERS is not set. */
export const DEFAULT_TWILIO_NUMBERS = ['+14155550123', '+12025550143', '+16135550117', '+447700900123'];

export interface SandboxConfig {
  /** The sandbox's own base URL as browsers and services reach it; derived from the listen address when unset. */
  publicUrl: string | undefined;
  logLevel: z.output<typeof sandboxEnvSchema>['LOG_LEVEL'];
  /** Pause between simulated lifecycle steps (SMS queued → sent → delivered, e-mail processed → delivered). */
  callbackDelayMs: number;
  /**
   * The JSON file the provider accounts are kept in across restarts (absolute); undefined keeps them in
   * memory only, so every start is a fresh account.
   */
  stateFile: string | undefined;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookUrl: string | undefined;
    webhookSecret: string;
    /** Event types delivered to the webhook; empty means all. */
    webhookEvents: string[];
  };
  twilio: {
    accountSid: string;
    authToken: string;
    inboundWebhookUrl: string | undefined;
    phoneNumbers: string[];
  };
  sendgrid: {
    apiKey: string;
    eventWebhookUrl: string | undefined;
    eventWebhookPrivateKeyPem: string | undefined;
    /** How long the event webhook gathers events before it posts them as one batch. */
    eventBatchMs: number;
  };
  google: {
    clientId: string;
    clientSecret: string;
    /** Registered redirect URIs; empty accepts any http(s) redirect URI. */
    redirectUris: string[];
    issuer: string;
    signingKeyPem: string | undefined;
  };
}

export interface SandboxSettings {
  port: number;
  host: string;
  config: SandboxConfig;
}

/** Parses the environment, failing fast with the name of every bad setting. */
export function loadSandboxSettings(env: Record<string, string | undefined> = process.env): SandboxSettings {
  const result = sandboxEnvSchema.safeParse(env);
  if (!result.success) {
    throw new SandboxConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = result.data;
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    config: {
      publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/+$/, ''),
      logLevel: e.LOG_LEVEL,
      callbackDelayMs: e.SANDBOX_CALLBACK_DELAY_MS,
      stateFile: e.SANDBOX_STATE_FILE,
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookUrl: e.STRIPE_WEBHOOK_URL,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        webhookEvents: e.STRIPE_WEBHOOK_EVENTS.filter((type) => type !== '*'),
      },
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        inboundWebhookUrl: e.TWILIO_INBOUND_WEBHOOK_URL,
        phoneNumbers: e.TWILIO_PHONE_NUMBERS.length ? e.TWILIO_PHONE_NUMBERS : DEFAULT_TWILIO_NUMBERS,
      },
      sendgrid: {
        apiKey: e.SENDGRID_API_KEY,
        eventWebhookUrl: e.SENDGRID_EVENT_WEBHOOK_URL,
        eventWebhookPrivateKeyPem: e.SENDGRID_EVENT_WEBHOOK_PRIVATE_KEY,
        eventBatchMs: e.SENDGRID_EVENT_BATCH_MS,
      },
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        redirectUris: e.GOOGLE_REDIRECT_URIS,
        issuer: e.GOOGLE_ISSUER,
        signingKeyPem: e.GOOGLE_SIGNING_KEY,
      },
    },
  };
}
