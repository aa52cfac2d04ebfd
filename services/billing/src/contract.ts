/**
 * Billing's internal API, as zod schemas: billing validates what it receives with them, and the
 * gateway imports them (`@multimfa/billing/contract`) instead of retyping them.
 */
import { z } from 'zod';

export const billingCustomer = z.object({ userId: z.uuid(), stripeCustomerId: z.string() });
export type BillingCustomer = z.infer<typeof billingCustomer>;

export const ensureCustomerRequest = z.object({
  emailAddress: z.email(),
  name: z.string().min(1).max(121),
});
export const userIdParam = z.uuid('Unknown user');
