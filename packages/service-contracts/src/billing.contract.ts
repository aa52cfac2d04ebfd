/**
 * Billing's internal API, as zod schemas: billing validates what it receives with them, and the
 * gateway imports them (`@multimfa/service-contracts/billing`) instead of retyping them.
 */
import { purchaseCompleted } from '@multimfa/events';
import { z } from 'zod';

/** `PUT /customers/:userId`: the user's Stripe customer, made if it was not yet. */
export const billingCustomer = z.object({ userId: z.uuid(), stripeCustomerId: z.string() });
export type BillingCustomer = z.infer<typeof billingCustomer>;

/**
 * `GET /customers/:userId`, asked on every sign-in and signed-in page load: the Stripe customer id, or
 * null while the user has none (none is made before the first card or checkout, so most new users have
 * none: an ordinary answer, not a 404). 404 CUSTOMER_NOT_FOUND only for a user billing has not recorded
 * yet (identity's sign-up event still on its way). A gateway reads both this and a 404 as "none yet",
 * so gateways are deployed before billing.
 */
export const billingCustomerLookup = z.object({ userId: z.uuid(), stripeCustomerId: z.string().nullable() });
export type BillingCustomerLookup = z.infer<typeof billingCustomerLookup>;

/**
 * Ensuring a user's Stripe customer: with no details, from those billing recorded at sign-up (409
 * CUSTOMER_NOT_READY when it has not recorded them yet); with them, recording them first if absent.
 */
export const ensureCustomerRequest = z.union([
  z.object({ emailAddress: z.email(), name: z.string().min(1).max(121) }),
  z.object({}).strict(),
]);
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
  /** The reduction is the waitlist's 20% off the first MultiMFA (not a discount code). */
  waitlistOffer: z.boolean(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** `POST /users/:userId/checkouts/quote`: what a checkout of this request would charge now (nothing recorded). */
export const checkoutQuote = checkoutAnswer.pick({
  actualAmount: true,
  discountedAmount: true,
  payableAmount: true,
  waitlistOffer: true,
});
export type CheckoutQuote = z.infer<typeof checkoutQuote>;

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

// ---- saved cards --------------------------------------------------------------------------------

/** A saved card as the card pages show it (Stripe's field names, as the documented client reads them). */
export const savedCard = z.object({
  id: z.string(),
  name: z.string().nullable(),
  last4: z.string(),
  brand: z.string(),
  country: z.string().nullable(),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  address_zip: z.string().nullable(),
  isDefault: z.boolean(),
});
export type SavedCard = z.infer<typeof savedCard>;
export const savedCardList = z.array(savedCard);

/** `…/customers/:stripeCustomerId/cards/:cardId`: both checked against the user. */
export const stripeCustomerIdParam = z.string().trim().min(1).max(255);
export const cardIdParam = z.string().trim().min(1).max(255);

/** `POST /users/:userId/customers/:stripeCustomerId/cards`: the card form's PaymentMethod. */
export const addCardRequest = z.object({ paymentMethodId: z.string().trim().min(1).max(255) });

/** `PATCH …/cards/:cardId`: what the Update Card modal sends (customer-area section 5, Card update). */
export const updateCardRequest = z.object({
  exp_month: z.coerce
    .number({ error: 'Please provide expiry month' })
    .int('Please provide expiry month')
    .min(1, 'Please provide expiry month')
    .max(12, 'Please provide expiry month'),
  exp_year: z.coerce
    .number({ error: 'Please provide expiry year' })
    .int('Please provide expiry year')
    .min(1000, 'Expiry year should be valid')
    .max(9999, 'Expiry year should be valid'),
  name: z
    .string({ error: 'Please provide card holder name' })
    .trim()
    .min(1, 'Please provide card holder name')
    .max(30, 'Card holder name must be at most 30 characters'),
  address_zip: z
    .string()
    .trim()
    .max(20, 'Zip must be at most 20 characters')
    .nullish()
    .transform((value) => value || null),
});
export type UpdateCardRequest = z.output<typeof updateCardRequest>;

// ---- invoices -----------------------------------------------------------------------------------

/** An invoice as Invoice Management lists it; the amount in cents and in US dollars. */
export const invoiceRecord = z.object({
  userPaymentInvoiceId: z.uuid(),
  invoiceNo: z.string(),
  invoiceDate: z.iso.datetime(),
  invoiceAmountCents: z.number().int().nonnegative(),
  invoiceAmount: z.number().nonnegative(),
  invoiceDescription: z.string(),
  invoiceStatus: z.enum(['PAID', 'UNPAID']),
  invoicePaymentDate: z.iso.datetime().nullable(),
  invoicePaymentError: z.string().nullable(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;
export const invoiceList = z.array(invoiceRecord);

/** `POST /users/:userId/invoices/:invoiceId/payment`: pays it with one of the user's saved cards. */
export const payInvoiceRequest = z.object({
  cardId: z
    .string({ error: 'Please select credit card' })
    .trim()
    .min(1, 'Please select credit card')
    .max(255),
});
export const invoiceIdParam = z.uuid('No such invoice of yours');
// ---- usage ------------------------------------------------------------------------------------

export const mfaIdParam = z.uuid('No such MFA of yours');

/** `GET /users/:userId/mfas/:mfaId/usage`: texts used in the current period and the plan's allowance. */
export const usageRecord = z.object({
  mfaId: z.uuid(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  textsUsed: z.number().int().nonnegative(),
  textsAllowed: z.number().int().nonnegative(),
  extraTextPriceCents: z.number().int().nonnegative(),
});
export type UsageRecord = z.infer<typeof usageRecord>;

// ---- Discount Management (the admin area): the gateway's own shapes, from the API contract ------

export {
  activeDiscountSchema as adminActiveDiscount,
  createDiscountBody as adminDiscountCreateRequest,
  discountSchema as adminDiscount,
  discountsQuery as adminDiscountsQuery,
  updateDiscountBody as adminDiscountUpdateRequest,
} from '@multimfa/api-contract';

// ---- Discounts Mailing List: the selection to e-mail, as the API contract has it --------------------

export {
  discountMailsSavedSchema as discountMailsSaved,
  saveDiscountMailsBody as discountMailsRequest,
} from '@multimfa/api-contract';
