import { z } from 'zod';
import { defineEvent } from './define-event.builder.js';
import { TOPICS } from './topics.config.js';

/** A user now has a Stripe customer (created on registration). */
export const customerCreated = defineEvent({
  type: 'billing.customer.created',
  version: 1,
  topic: TOPICS.billingSubscription,
  payload: z.object({ userId: z.uuid(), stripeCustomerId: z.string().min(1) }),
  keyOf: (payload) => payload.userId,
});

const mfaType = z.enum(['MultiMFA', 'RoboMFA']);

/** The plan a purchase bought, as the MFA shows it (prices in US dollars per month). */
export const purchasedPlanSchema = z.object({
  planId: z.number().int().positive(),
  planName: z.string(),
  basePrice: z.number().nonnegative(),
  /** Seats of a MultiMFA; bots of a RoboMFA. */
  noOfUsers: z.number().int().positive(),
});

/**
 * A payment (or a 100% discount) completed a purchase: a new MultiMFA or RoboMFA (CREATE), or a new
 * plan for a held MultiMFA (UPGRADE). Billing publishes it once per purchase, whichever of the
 * browser's return and Stripe's webhook completed it; numbers applies it idempotently on purchaseId.
 */
export const purchaseCompleted = defineEvent({
  type: 'billing.purchase.completed',
  version: 1,
  topic: TOPICS.billingSubscription,
  payload: z.object({
    /** The checkout that create-intent recorded; one purchase per checkout. */
    purchaseId: z.uuid(),
    userId: z.uuid(),
    MFAType: mfaType,
    action: z.enum(['CREATE', 'UPGRADE']),
    /** The MFA created (its id chosen by billing at checkout) or upgraded. */
    mfaId: z.uuid(),
    /** What the create form asked for; null for an upgrade. */
    draft: z
      .object({
        name: z.string().min(1),
        description: z.string(),
        countryId: z.number().int().positive(),
      })
      .nullable(),
    plan: purchasedPlanSchema,
    subscriptionId: z.uuid(),
    periodStart: z.iso.datetime(),
    nextPaymentDate: z.iso.datetime(),
    autoRenewal: z.boolean(),
    /** Null when a 100% discount completed the purchase without a payment. */
    paymentIntentId: z.string().nullable(),
    amountPaidCents: z.number().int().nonnegative(),
    discountId: z.uuid().nullable(),
    completedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.subscriptionId,
});
export type PurchaseCompleted = z.output<typeof purchaseCompleted.payload>;

/** An invoice as issued: its number (sequential, unique), amount in cents and what it is for. */
export const invoiceIssued = defineEvent({
  type: 'billing.invoice.issued',
  version: 1,
  topic: TOPICS.billingInvoice,
  payload: z.object({
    invoiceId: z.uuid(),
    invoiceNo: z.string().min(1),
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    amountCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    description: z.string(),
    status: z.enum(['PAID', 'UNPAID']),
    invoiceDate: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.invoiceId,
});

/**
 * An invoice was paid: with the purchase that issued it, or later with a saved card (Invoice
 * Management). Published once per invoice, in the transaction that marked it PAID.
 */
export const invoicePaid = defineEvent({
  type: 'billing.invoice.paid',
  version: 1,
  topic: TOPICS.billingInvoice,
  payload: z.object({
    invoiceId: z.uuid(),
    invoiceNo: z.string().min(1),
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    amountCents: z.number().int().nonnegative(),
    currency: z.literal('usd'),
    /** Null when nothing was charged (a 100% discount). */
    paymentIntentId: z.string().nullable(),
    /** The saved card it was paid with from Invoice Management; null for a purchase's own invoice. */
    cardId: z.string().nullable(),
    paidAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.invoiceId,
});
export type InvoicePaid = z.output<typeof invoicePaid.payload>;

export const billingInvoiceEvents = [invoiceIssued, invoicePaid];
/** A discount code as billing stores it (value in dollars for FLAT, per cent for PERCENTAGE). */
const discountPayload = z.object({
  discountId: z.uuid(),
  code: z.string().min(1).max(30),
  discountType: z.enum(['FLAT', 'PERCENTAGE']),
  value: z.number().positive(),
  maxNoUsage: z.number().int().positive(),
  isActive: z.boolean(),
  expiryDate: z.iso.datetime(),
});

/** An administrator created a discount code. */
export const discountCreated = defineEvent({
  type: 'billing.discount.created',
  version: 1,
  topic: TOPICS.billingDiscount,
  payload: discountPayload,
  keyOf: (payload) => payload.discountId,
});

/** An administrator changed (or deleted: `deleted`) a discount code. */
export const discountChanged = defineEvent({
  type: 'billing.discount.changed',
  version: 1,
  topic: TOPICS.billingDiscount,
  payload: discountPayload.extend({ deleted: z.boolean() }),
  keyOf: (payload) => payload.discountId,
});

/**
 * An administrator chose to e-mail a discount code to a prospect (Discounts Mailing List). Billing
 * records each prospect and code once (`mailingId`), so a prospect never gets the same code twice;
 * messaging sends the e-mail, idempotent on `mailingId`, and skips unsubscribed addresses.
 */
export const discountMailingRequested = defineEvent({
  type: 'billing.discount.mailing-requested',
  version: 1,
  topic: TOPICS.billingDiscount,
  payload: z.object({
    mailingId: z.uuid(),
    discountId: z.uuid(),
    emailAddress: z.email(),
    code: z.string().min(1).max(30),
    discountType: z.enum(['FLAT', 'PERCENTAGE']),
    value: z.number().positive(),
    expiryDate: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.discountId,
});

export const billingEvents = [
  customerCreated,
  purchaseCompleted,
  discountCreated,
  discountChanged,
  discountMailingRequested,
];

/**
 * A subscription was paid for another period: by its auto-renewal (`reactivated: false`), or by
 * paying the unpaid renewal invoice of an expired subscription (`reactivated: true`).
 */
export const subscriptionRenewed = defineEvent({
  type: 'billing.subscription.renewed',
  version: 1,
  topic: TOPICS.billingSubscription,
  payload: z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    mfaId: z.uuid(),
    MFAType: mfaType,
    periodStart: z.iso.datetime(),
    nextPaymentDate: z.iso.datetime(),
    invoiceId: z.uuid(),
    invoiceNo: z.string().min(1),
    amountCents: z.number().int().nonnegative(),
    reactivated: z.boolean(),
    renewedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.subscriptionId,
});

/**
 * A subscription expired at its payment date: auto-renewal was off, or the renewal could not be
 * charged (no card, declined, the bank asked for authentication) and its invoice stays UNPAID.
 * `emailAddress` is the customer's billing address, for the e-mail that tells them.
 */
export const subscriptionExpired = defineEvent({
  type: 'billing.subscription.expired',
  version: 1,
  topic: TOPICS.billingSubscription,
  payload: z.object({
    subscriptionId: z.uuid(),
    userId: z.uuid(),
    mfaId: z.uuid(),
    MFAType: mfaType,
    planName: z.string(),
    reason: z.enum(['AUTO_RENEWAL_OFF', 'NO_CARD', 'PAYMENT_DECLINED', 'AUTHENTICATION_REQUIRED']),
    /** The unpaid renewal invoice; null when auto-renewal was off. */
    invoiceId: z.uuid().nullable(),
    invoiceNo: z.string().nullable(),
    amountCents: z.number().int().nonnegative().nullable(),
    /** Why the charge failed, as the customer is told; null when nothing was charged. */
    message: z.string().nullable(),
    emailAddress: z.email().nullable(),
    expiredAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.subscriptionId,
});
export type SubscriptionExpired = z.output<typeof subscriptionExpired.payload>;

export const billingSubscriptionEvents = [subscriptionRenewed, subscriptionExpired];
