import { z } from 'zod';
import { emptyPaymentInfo } from './session-defaults';

/**
 * The browser session of customer-area section 3, as kept in localStorage under "state".
 * Every field has its documented default, so a stored object written by an older build (missing a
 * field) still loads; a field of the wrong type makes the whole stored value fall back to defaults.
 */

/** Ids are numbers today; strings are accepted so a later switch to UUIDs does not wipe sessions. */
export const entityIdSchema = z.union([z.number(), z.string()]);
export type EntityId = z.infer<typeof entityIdSchema>;

export const userTypeSchema = z.enum(['ADMIN', 'CUSTOMER']);
export type UserType = z.infer<typeof userTypeSchema>;

export const mfaTypeSchema = z.enum(['MultiMFA', 'RoboMFA']);
export type MfaType = z.infer<typeof mfaTypeSchema>;

export const sessionMemberSchema = z.looseObject({ memberId: entityIdSchema });
export type SessionMember = z.infer<typeof sessionMemberSchema>;

/** An MFA entry as the session keeps it: only these fields are relied on, the rest is carried along. */
export const sessionMfaSchema = z.looseObject({
  multiMFAId: entityIdSchema.optional(),
  roboMFAId: entityIdSchema.optional(),
  Members: z.array(sessionMemberSchema).optional(),
  plans: z.looseObject({ planId: entityIdSchema }).nullable().optional(),
});
export type SessionMfa = z.infer<typeof sessionMfaSchema>;

/** Draft of a new MFA between the create form and the payment. */
export const mfaDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  countryId: entityIdSchema,
  twilioNo: z.string().optional(),
  MFAType: mfaTypeSchema,
});
export type MfaDraft = z.infer<typeof mfaDraftSchema>;

/** The plan chosen on a pricing page, on its way to the payment page. */
export const chosenPlanSchema = z.looseObject({
  planId: entityIdSchema,
  planName: z.string(),
  description: z.string().optional(),
  basePrice: z.number(),
  features: z.array(z.string()).optional(),
});
export type ChosenPlan = z.infer<typeof chosenPlanSchema>;

export const paymentInfoSchema = z.object({
  actualAmount: z.number(),
  payableAmount: z.number(),
  discountedAmount: z.number(),
  discountCode: z.string().nullable(),
  discountId: entityIdSchema.nullable(),
});
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

export const sessionSchema = z.object({
  emailAddress: z.string().default(''),
  fullName: z.string().default(''),
  /** Empty until someone signs in. */
  userType: z.union([userTypeSchema, z.literal('')]).default(''),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  mobileNo: z.string().default(''),
  appUserId: z.string().default(''),
  stripeCustomerId: z.string().default(''),
  isLoggedIn: z.boolean().default(false),
  isVerified: z.boolean().default(false),
  /** Id of the MultiMFA being upgraded to another plan; empty when none. */
  upgrade: z.string().default(''),
  /** Draft of a new MFA; null when none (the documents' empty object). */
  buffer: mfaDraftSchema.nullable().default(null),
  /** Plan chosen for the next payment; null when none. */
  plan: chosenPlanSchema.nullable().default(null),
  MFAs: z.array(sessionMfaSchema).default([]),
  paymentInfo: paymentInfoSchema.default(emptyPaymentInfo),
  autoRenewal: z.boolean().default(true),
});
export type Session = z.infer<typeof sessionSchema>;
