import { z } from 'zod';
import type { PaymentFormSettings } from './payment-form';

export class PaymentConfigError extends Error {
  override readonly name = 'PaymentConfigError';
}

const settingsSchema = z
  .object({
    VITE_PAYMENT_PROVIDER: z.enum(['stripe', 'sandbox']).default('stripe'),
    VITE_STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(live|test)_\w+$/, 'must be a Stripe publishable key (pk_live_… or pk_test_…)'),
    // An absolute URL, or a same-origin path that a proxy sends to the sandbox (one build for every stack).
    VITE_PAYMENT_SANDBOX_URL: z
      .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[\w/-]*$/)], {
        error: 'must be an http(s) URL or a path such as /provider-sandbox',
      })
      .default('http://127.0.0.1:24090'),
  })
  .refine(
    (env) =>
      env.VITE_PAYMENT_PROVIDER !== 'sandbox' || env.VITE_STRIPE_PUBLISHABLE_KEY.startsWith('pk_test_'),
    {
      message: 'the sandbox takes a test key (pk_test_…), never a live one',
      path: ['VITE_STRIPE_PUBLISHABLE_KEY'],
    },
  );

/** Reads the payment settings from the build's environment, naming the bad variable when one is wrong. */
export function paymentSettings(env: Record<string, unknown> = import.meta.env): PaymentFormSettings {
  const parsed = settingsSchema.safeParse({
    VITE_PAYMENT_PROVIDER: env.VITE_PAYMENT_PROVIDER || undefined,
    VITE_STRIPE_PUBLISHABLE_KEY: env.VITE_STRIPE_PUBLISHABLE_KEY ?? '',
    VITE_PAYMENT_SANDBOX_URL: env.VITE_PAYMENT_SANDBOX_URL || undefined,
  });
  if (!parsed.success) {
    throw new PaymentConfigError(
      `Payment is not configured: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  }
  return {
    provider: parsed.data.VITE_PAYMENT_PROVIDER,
    publishableKey: parsed.data.VITE_STRIPE_PUBLISHABLE_KEY,
    sandboxUrl: parsed.data.VITE_PAYMENT_SANDBOX_URL.replace(/\/+$/, ''),
  };
}
