import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/**
 * Buying a number (customer-area sections 2 Payment and Success, 4 Purchase, Upgrade and Discount,
 * 7): the server computes every amount from the plan and the applied discount; what the browser
 * sends as amounts is accepted for compatibility and ignored.
 */

export const mfaTypeSchema = z.enum(['MultiMFA', 'RoboMFA']);
export type MfaTypeName = z.infer<typeof mfaTypeSchema>;

// ---- discounts ----------------------------------------------------------------------------------

export const applyDiscountBody = z
  .object({
    code: z.string().trim().min(1, 'Please provide discount code').max(30),
    /** The plan being paid for: the amounts are computed from it. */
    planId: z.number().int().positive(),
    /** Sent by the documented client; ignored. */
    paymentAmount: z.number().optional(),
  })
  .meta({ id: 'ApplyDiscountBody' });

export const discountResultSchema = z
  .object({
    payableAmount: z.number().nonnegative().describe('US dollars, after the discount'),
    discountedAmount: z.number().nonnegative().describe('US dollars taken off'),
    discountId: z.uuid(),
  })
  .meta({ id: 'DiscountResult' });
export type DiscountResult = z.infer<typeof discountResultSchema>;

export const applyDiscount = endpoint({
  operationId: 'applyDiscount',
  method: 'POST',
  path: '/api/plan/apply-discount',
  summary:
    'Checks a discount code (active, not expired, usage left, any case) against a plan; consumes nothing',
  tag: 'plan',
  access: 'user',
  body: applyDiscountBody,
  response: envelope(discountResultSchema),
});

// ---- the payment intent -------------------------------------------------------------------------

export const createIntentBody = z
  .object({
    MFAType: mfaTypeSchema,
    planId: z.number().int().positive(),
    /** The draft of a new MFA (session `buffer`); required unless upgrading. */
    name: z.string().trim().max(100).optional(),
    description: z.string().trim().max(1000).optional(),
    countryId: z.number().int().positive().optional(),
    /** The MultiMFA whose plan is being changed (session `upgrade`). */
    upgradeMultiMFAId: z.uuid().optional(),
    /** From apply-discount; checked again on the server. */
    discountId: z.uuid().optional(),
    /** Sent by the documented client; ignored. */
    amount: z.number().optional(),
    /** Sent by the documented client; ignored. */
    payableAmount: z.number().optional(),
  })
  .meta({ id: 'CreateIntentBody' });

export const paymentIntentSchema = z
  .object({
    /** The purchase this intent pays for. */
    checkoutId: z.uuid(),
    /** False when a 100% discount leaves nothing to pay: complete with `checkout_id` at once. */
    requiresPayment: z.boolean(),
    id: z.string().nullable().describe('The Stripe PaymentIntent id, null when nothing is to pay'),
    clientSecret: z.string().nullable(),
    amount: z.number().int().nonnegative().describe('Cents'),
    currency: z.literal('usd'),
    actualAmount: z.number().nonnegative().describe('US dollars, the plan price'),
    discountedAmount: z.number().nonnegative(),
    payableAmount: z.number().nonnegative(),
    waitlistOffer: z
      .boolean()
      .describe('The reduction is the waitlist offer (20% off the first MultiMFA), not a discount code'),
  })
  .meta({ id: 'PaymentIntent' });
export type PaymentIntentAnswer = z.infer<typeof paymentIntentSchema>;

export const createIntent = endpoint({
  operationId: 'createIntent',
  method: 'POST',
  path: '/api/auth/create-intent',
  summary: 'Records the purchase and creates its Stripe PaymentIntent (cents, USD, idempotent)',
  tag: 'payment',
  access: 'verified',
  body: createIntentBody,
  response: envelope(paymentIntentSchema),
});

export const paymentQuoteSchema = z
  .object({
    actualAmount: z.number().nonnegative().describe('US dollars, the plan price'),
    discountedAmount: z.number().nonnegative().describe('US dollars taken off'),
    payableAmount: z.number().nonnegative().describe('US dollars, what create-intent will charge'),
    waitlistOffer: z
      .boolean()
      .describe('The reduction is the waitlist offer (20% off the first MultiMFA), not a discount code'),
  })
  .meta({ id: 'PaymentQuote' });
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

export const quotePayment = endpoint({
  operationId: 'quotePayment',
  method: 'POST',
  path: '/api/plan/quote',
  summary:
    'What create-intent would charge for this body now: the discount code or the waitlist offer, the better one; records nothing',
  tag: 'plan',
  access: 'verified',
  body: createIntentBody,
  response: envelope(paymentQuoteSchema),
});

// ---- completion ---------------------------------------------------------------------------------

/** The query parameters Stripe's redirect brought back to /success, or a free checkout's id. */
export const stripePaymentSchema = z
  .object({
    payment_intent: z.string().startsWith('pi_').optional(),
    payment_intent_client_secret: z.string().optional(),
    redirect_status: z.string().optional(),
    checkout_id: z.uuid().optional(),
  })
  .refine((value) => Boolean(value.payment_intent || value.checkout_id), {
    message: 'The payment to complete is missing',
  })
  .meta({ id: 'StripePayment' });

/** Session `paymentInfo`; informational, the server keeps its own amounts. */
const paymentInfoSchema = z.record(z.string(), z.unknown()).optional();

export const mfaCountrySchema = z.object({ name: z.string(), code: z.string() }).meta({ id: 'MfaCountry' });

export const mfaPlanSchema = z
  .object({
    planId: z.number().int().positive(),
    planName: z.string(),
    basePrice: z.number().nonnegative(),
    noOfUsers: z.number().int().positive(),
  })
  .meta({ id: 'MfaPlan' });

const mfaCommon = {
  name: z.string(),
  description: z.string(),
  /** The MFA's country (its number's dialling code). */
  multiMFACountry: mfaCountrySchema,
  autoRenewal: z.boolean(),
  nextPaymentDate: z.iso.datetime(),
  isSubscriptionActive: z.boolean(),
  isActive: z.boolean(),
  /** True while no number of its country was free: it gets one as soon as one is added. */
  isNumberPending: z.boolean(),
  plans: mfaPlanSchema,
  createdAt: z.iso.datetime(),
};

export const multiMfaSchema = z
  .object({
    multiMFAId: z.uuid(),
    /** The assigned number in E.164, empty while pending. */
    twillioNo: z.string(),
    ...mfaCommon,
    /** Its members, by memberId in the lists and the login response (whole on the detail page). */
    Members: z.array(z.object({ memberId: z.uuid() }).loose()),
  })
  .meta({ id: 'MultiMFA' });
export type MultiMfa = z.infer<typeof multiMfaSchema>;

export const roboMfaSchema = z
  .object({
    roboMFAId: z.uuid(),
    /** The assigned number in E.164, empty while pending. */
    twilioNo: z.string(),
    ...mfaCommon,
    /** Its bots, by botId in the lists and the login response (with their keys on the detail page). */
    bots: z.array(z.object({ botId: z.uuid() }).loose()),
  })
  .meta({ id: 'RoboMFA' });
export type RoboMfa = z.infer<typeof roboMfaSchema>;

/** An entry of the login response's `MFAs`. */
export const sessionMfaSchema = z
  .discriminatedUnion('MFAType', [
    multiMfaSchema.extend({ MFAType: z.literal('MultiMFA') }),
    roboMfaSchema.extend({ MFAType: z.literal('RoboMFA') }),
  ])
  .meta({ id: 'SessionMFA' });
export type SessionMfa = z.infer<typeof sessionMfaSchema>;

const createBody = z.object({
  /** Ignored: the checkout recorded at create-intent holds the draft. */
  name: z.string().optional(),
  description: z.string().optional(),
  planid: z.number().int().positive().optional(),
  appUserId: z.string().optional(),
  countryId: z.number().int().positive().optional(),
  stripePayment: stripePaymentSchema,
  paymentInfo: paymentInfoSchema,
});

export const createMultiMfa = endpoint({
  operationId: 'createMultiMfa',
  method: 'POST',
  path: '/api/plan/create',
  summary: 'Completes a MultiMFA purchase from its PaymentIntent (exactly once) and answers the MultiMFA',
  tag: 'plan',
  access: 'user',
  body: createBody.meta({ id: 'CompletePurchaseBody' }),
  response: envelope(z.object({ MFA: multiMfaSchema })),
});

export const updateMultiMfaPlan = endpoint({
  operationId: 'updateMultiMfaPlan',
  method: 'POST',
  path: '/api/plan/update',
  summary: "Completes an upgrade from its PaymentIntent (exactly once): the MultiMFA's new plan",
  tag: 'plan',
  access: 'user',
  body: z
    .object({
      multiMFAId: z.uuid().optional(),
      planid: z.number().int().positive().optional(),
      stripePayment: stripePaymentSchema,
      paymentInfo: paymentInfoSchema,
    })
    .meta({ id: 'CompleteUpgradeBody' }),
  response: envelope(z.object({ MFA: multiMfaSchema })),
});

export const createRoboMfa = endpoint({
  operationId: 'createRoboMfa',
  method: 'POST',
  path: '/api/robo-mfa/create',
  summary: 'Completes a RoboMFA purchase from its PaymentIntent (exactly once) and answers the RoboMFA',
  tag: 'robo-mfa',
  access: 'user',
  body: createBody,
  response: envelope(z.object({ MFA: roboMfaSchema })),
});

// ---- the dashboard lists ------------------------------------------------------------------------

export const listMultiMfas = endpoint({
  operationId: 'listMultiMfas',
  method: 'GET',
  path: '/api/plan/list-multimfa',
  summary: "The caller's MultiMFAs, newest first",
  tag: 'plan',
  access: 'user',
  response: envelope(z.object({ list: z.array(multiMfaSchema) })),
});

export const listRoboMfas = endpoint({
  operationId: 'listRoboMfas',
  method: 'GET',
  path: '/api/robo-mfa/list',
  summary: "The caller's RoboMFAs, newest first",
  tag: 'robo-mfa',
  access: 'user',
  response: envelope(z.object({ list: z.array(roboMfaSchema) })),
});

export const purchaseEndpoints = [
  applyDiscount,
  quotePayment,
  createIntent,
  createMultiMfa,
  updateMultiMfaPlan,
  createRoboMfa,
  listMultiMfas,
  listRoboMfas,
] as const;
