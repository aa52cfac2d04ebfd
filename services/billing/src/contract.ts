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

/** The two kinds of number a plan is sold for. */
export const mfaType = z.enum(['MultiMFA', 'RoboMFA']);
export type MfaType = z.infer<typeof mfaType>;

/** `GET /plans?mfaType=…`: the plans on sale for one kind of number. */
export const planListQuery = z.object({ mfaType });

/** A plan of the catalogue as billing sells it; prices in US dollars. */
export const catalogPlan = z.object({
  planId: z.number().int().positive(),
  MFAType: mfaType,
  planName: z.string(),
  description: z.string(),
  /** Price per month. */
  basePrice: z.number().positive(),
  /** Seats of a MultiMFA; bots of a RoboMFA. */
  noOfUsers: z.number().int().positive(),
  /** Texts included per month. */
  textsPerMonth: z.number().int().nonnegative(),
  /** Price of each text over the allowance, billed on the next invoice. */
  extraTextPrice: z.number().nonnegative(),
  /** What the pricing card lists, from the figures above and the plan's own lines. */
  features: z.array(z.string()),
});
export type CatalogPlan = z.infer<typeof catalogPlan>;
