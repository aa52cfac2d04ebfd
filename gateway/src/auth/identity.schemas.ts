import { z } from 'zod';

/** What the identity service answers about a user (its internal contract). */
export const identityUser = z.object({
  userId: z.uuid(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  mobileNo: z.string(),
  userType: z.enum(['ADMIN', 'CUSTOMER']),
  provider: z.enum(['NONE', 'GOOGLE']),
  isVerified: z.boolean(),
  isActive: z.boolean(),
});
export type IdentityUser = z.infer<typeof identityUser>;

export const googleResolution = z.object({ registered: z.boolean(), user: identityUser.nullable() });
export const resetCheck = z.object({ userId: z.uuid() });
export const billingCustomer = z.object({ userId: z.uuid(), stripeCustomerId: z.string() });
export const nothing = z.null();
