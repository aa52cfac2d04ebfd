/**
 * Identity's internal API, as zod schemas: identity validates what it receives with them, and the
 * gateway imports them (`@multimfa/service-contracts/identity`) instead of retyping them.
 */
import {
  codeField,
  emailAddressField,
  firstNameField,
  lastNameField,
  mobileNoField,
  newPasswordField,
  passwordField,
} from '@multimfa/api-contract';
import { DomainError } from '@multimfa/service-runtime';
import { z } from 'zod';

// ---- answers -------------------------------------------------------------------------------

/** A user as other services see it: never the password hash. */
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
  /** False for an account that signs in with Google only: it proves itself with Google instead. */
  hasPassword: z.boolean(),
});
export type IdentityUser = z.infer<typeof identityUser>;

/**
 * The answer to a sign-up. `accountExisted`: the address already had an account, so nothing was
 * created: `userId` is a fresh id no account has, the rest echoes the request, and the owner was
 * e-mailed instead. The gateway answers the browser as for a new account and never says which it was.
 */
export const registration = identityUser.extend({ accountExisted: z.boolean() });
export type Registration = z.infer<typeof registration>;

/**
 * Whether a Google identity has an account. `tookOver`: the account was unverified, so the Google
 * proof won: its password is gone and every session it had must end.
 */
export const googleResolution = z.object({
  registered: z.boolean(),
  user: identityUser.nullable(),
  tookOver: z.boolean(),
});
export const resetCheck = z.object({ userId: z.uuid() });
export const nothing = z.null();

// ---- requests ------------------------------------------------------------------------------

/** Sign-up through the gateway: always a customer (administrators exist only through the CLI). */
export const registerRequest = z.object({
  emailAddress: emailAddressField,
  password: passwordField.optional(),
  firstName: firstNameField,
  lastName: lastNameField,
  mobileNo: mobileNoField,
  userType: z.literal('CUSTOMER', { error: 'Sign-up creates customer accounts only' }).default('CUSTOMER'),
  /** Set only for a sign-up with the Google identity the gateway verified in this session. */
  google: z.object({ subject: z.string().min(1).max(255), emailAddress: emailAddressField }).optional(),
  serviceAgreementAgreed: z.boolean(),
  receiveMarketingEmails: z.boolean(),
});
export type RegisterRequest = z.output<typeof registerRequest>;

export const authenticateRequest = z.object({
  emailAddress: emailAddressField,
  password: z.string().min(1).max(128),
});
export const profileRequest = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  mobileNo: mobileNoField,
});
/** A password change proves the owner: the current password, or a Google identity just proved. */
export const changePasswordRequest = z.object({
  currentPassword: z.string().max(128).optional(),
  googleSubject: z.string().min(1).max(255).optional(),
  newPassword: newPasswordField,
});
export const resetPasswordRequest = z.object({ newPassword: newPasswordField });
export const codeRequest = z.object({ code: codeField });
export const resetRequest = z.object({ emailAddress: emailAddressField });
export const resetCheckRequest = z.object({ emailAddress: emailAddressField, code: codeField });
export const googleResolveRequest = z.object({
  subject: z.string().min(1).max(255),
  emailAddress: emailAddressField,
});
export const userIdParam = z.uuid('Unknown user');

// ---- errors: one code, one status, wherever the condition is found ---------------------------

/** One answer for a wrong, expired, spent or locked code, and for an unknown address: it tells nothing. */
export const codeRejected = () =>
  new DomainError(
    'CODE_INVALID',
    'The code is not correct, or it has expired. Please check it or request a new one',
  );

/** A Google-only account proves itself with a Google sign-in of the last minutes (not a 401: still signed in). */
export const googleIdentityRequired = () =>
  new DomainError('GOOGLE_IDENTITY_REQUIRED', 'Please sign in with Google again', 403);

export const accountInactive = () =>
  new DomainError('ACCOUNT_INACTIVE', 'Your account is inactive. Please contact support', 401);

// ---- the admin area: user report, status, deletion, set-password links, new administrators --------

/** A row of the admin User Report. */
export const reportUser = z.object({
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  mobileNo: z.string(),
  emailAddress: z.string(),
  userType: z.enum(['ADMIN', 'CUSTOMER']),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  receiveMarketingEmails: z.boolean(),
  serviceAgreementAgreed: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ReportUser = z.infer<typeof reportUser>;
export const reportUsers = z.array(reportUser);

/** `GET /admin/users`: accounts created between the two days (inclusive, UTC), both optional. */
export const reportUsersQuery = z.object({
  from: z.iso.date('From must be a date').optional(),
  to: z.iso.date('To must be a date').optional(),
});

/** The administrator acting (from the gateway's session): the rules about themself need it. */
export const adminActionRequest = z.object({ actorId: z.uuid() });
export const userStatusRequest = adminActionRequest.extend({ isActive: z.boolean() });
export const createAdminRequest = z.object({
  emailAddress: emailAddressField,
  firstName: firstNameField,
  lastName: lastNameField,
  mobileNo: mobileNoField,
});
export type CreateAdminRequest = z.output<typeof createAdminRequest>;

export const cannotChangeSelf = (action: 'delete' | 'deactivate') =>
  new DomainError('CANNOT_CHANGE_SELF', `You cannot ${action} your own account`, 409);
export const lastActiveAdmin = (action: 'deleted' | 'deactivated') =>
  new DomainError('LAST_ACTIVE_ADMIN', `The last active administrator cannot be ${action}`, 409);

// ---- the waitlist (/promotion) and its prospects ------------------------------------------------

export const waitlistJoinRequest = z.object({ emailAddress: emailAddressField });
export const waitlistVerifyRequest = z.object({ emailAddress: emailAddressField, code: codeField });

/** A confirmed waitlist address, as the Discounts Mailing List lists it. */
export const prospect = z.object({
  emailAddress: z.string(),
  type: z.enum(['WAITLIST']),
  verifiedAt: z.iso.datetime(),
});
export type Prospect = z.infer<typeof prospect>;
export const prospects = z.array(prospect);
