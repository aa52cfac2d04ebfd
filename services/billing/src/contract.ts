/**
 * Billing's internal API, as zod schemas: billing validates what it receives with them, and the
 * gateway imports them (`@multimfa/billing/contract`) instead of retyping them.
 */
import { purchaseCompleted } from '@multimfa/events';
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

// ---- purchases (checkout, discounts, completion) --------------------------------------------------

export { type PurchaseCompleted, purchaseCompleted } from '@multimfa/events';

/** A completed purchase, as `POST /users/:userId/purchases/complete` answers it (the event's payload). */
export const completedPurchase = purchaseCompleted.payload;

/**
 * `POST /users/:userId/checkouts`: records what is being bought and creates its PaymentIntent
 * (nothing when a 100% discount leaves nothing to pay). Amounts come from the catalogue and the
 * discount, never from the caller.
 */
export const checkoutRequest = z.object({
  MFAType: mfaType,
  planId: z.number().int().positive(),
  name: z.string().trim().max(100).optional(),
  description: z.string().trim().max(1000).optional(),
  countryId: z.number().int().positive().optional(),
  upgradeMfaId: z.uuid().optional(),
  discountId: z.uuid().optional(),
});
export type CheckoutRequest = z.output<typeof checkoutRequest>;

export const checkoutAnswer = z.object({
  checkoutId: z.uuid(),
  requiresPayment: z.boolean(),
  paymentIntentId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  amountCents: z.number().int().nonnegative(),
  actualAmount: z.number().nonnegative(),
  discountedAmount: z.number().nonnegative(),
  payableAmount: z.number().nonnegative(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** `POST /users/:userId/discounts/check`: what a code takes off a plan; consumes nothing. */
export const discountCheckRequest = z.object({
  code: z.string().trim().min(1).max(30),
  planId: z.number().int().positive(),
});
export const discountCheckAnswer = z.object({
  payableAmount: z.number().nonnegative(),
  discountedAmount: z.number().nonnegative(),
  discountId: z.uuid(),
});

/** `POST /users/:userId/purchases/complete`: one of the two, checked against the user's checkout. */
export const completePurchaseRequest = z
  .object({
    paymentIntentId: z.string().startsWith('pi_').optional(),
    checkoutId: z.uuid().optional(),
  })
  .refine((value) => Boolean(value.paymentIntentId || value.checkoutId), {
    message: 'The payment to complete is missing',
  });
export type CompletePurchaseRequest = z.output<typeof completePurchaseRequest>;

/**
 * `POST /webhooks/stripe`: a Stripe webhook delivery as the gateway received it, its body unparsed
 * (the signature covers those exact bytes) and its `Stripe-Signature` header.
 */
export const stripeWebhookRequest = z.object({
  payload: z.string().min(1),
  signature: z.string(),
});
export const stripeWebhookAnswer = z.object({ received: z.literal(true) });

// ---- Discount Management (the admin area): the gateway's own shapes, from the API contract ------

export {
  activeDiscountSchema as adminActiveDiscount,
  createDiscountBody as adminDiscountCreateRequest,
  discountSchema as adminDiscount,
  discountsQuery as adminDiscountsQuery,
  updateDiscountBody as adminDiscountUpdateRequest,
} from '@multimfa/api-contract';
