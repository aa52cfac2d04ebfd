import { serviceEnvSchema } from '@multimfa/service-runtime';
import { z } from 'zod';

export const billingConfigSchema = serviceEnvSchema.extend({
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…)'),
  /** The signing secret of the webhook endpoint (`/api/webhooks/stripe`); verifies `Stripe-Signature`. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'),
  /** Stripe's API host; the provider sandbox locally. */
  STRIPE_API_HOST: z.string().min(1).default('api.stripe.com'),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).default('https'),
});
export type BillingConfig = z.output<typeof billingConfigSchema>;
