import type { stripeWebhookRequest } from '@multimfa/service-contracts/billing';
import type { z } from 'zod';

/** A Stripe delivery as billing verifies it: the exact text Stripe signed, and its signature. */
export function stripeWebhookRequestOf(
  body: Buffer,
  signature: string,
): z.input<typeof stripeWebhookRequest> {
  return { payload: body.toString('utf8'), signature };
}
