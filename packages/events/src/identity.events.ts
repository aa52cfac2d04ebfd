import { z } from 'zod';
import { defineEvent } from './define-event.builder.js';
import { sealedSecretSchema } from './sealed-secret.cipher.js';
import { TOPICS } from './topics.config.js';

const userId = z.uuid();
const userType = z.enum(['ADMIN', 'CUSTOMER']);

export const userRegistered = defineEvent({
  type: 'identity.user.registered',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({
    userId,
    emailAddress: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    mobileNo: z.string(),
    userType,
    provider: z.enum(['NONE', 'GOOGLE']),
    isVerified: z.boolean(),
    serviceAgreementAgreed: z.boolean(),
    receiveMarketingEmails: z.boolean(),
  }),
  keyOf: (payload) => payload.userId,
});

export const emailVerified = defineEvent({
  type: 'identity.user.email-verified',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({ userId, emailAddress: z.email() }),
  keyOf: (payload) => payload.userId,
});

export const passwordChanged = defineEvent({
  type: 'identity.user.password-changed',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({ userId, reason: z.enum(['CHANGED', 'RESET']) }),
  keyOf: (payload) => payload.userId,
});

export const profileUpdated = defineEvent({
  type: 'identity.user.profile-updated',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({ userId, firstName: z.string(), lastName: z.string(), mobileNo: z.string() }),
  keyOf: (payload) => payload.userId,
});

const notificationKindV2 = z.enum(['EMAIL_VERIFICATION_CODE', 'PASSWORD_RESET_CODE', 'PASSWORD_CHANGED']);
/** Version 3 adds ACCOUNT_EXISTS: someone tried to sign up with the address of an existing account. */
const notificationKind = z.enum([...notificationKindV2.options, 'ACCOUNT_EXISTS']);

/** Version 1 carried the code in plain text; nothing publishes it any more (kept for the record). */
export const notificationRequestedV1 = defineEvent({
  type: 'identity.notification.requested',
  version: 1,
  topic: TOPICS.identityNotification,
  payload: z.object({
    notificationId: z.uuid(),
    userId,
    kind: notificationKindV2,
    emailAddress: z.email(),
    firstName: z.string(),
    code: z
      .string()
      .regex(/^\d{6}$/)
      .nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  }),
  keyOf: (payload) => payload.userId,
});

const sealedNotification = <K extends z.ZodEnum>(kind: K) =>
  z.object({
    notificationId: z.uuid(),
    userId,
    kind,
    emailAddress: z.email(),
    firstName: z.string(),
    sealedCode: sealedSecretSchema.nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
  });

/**
 * Version 2: the code sealed, the first three kinds. Nothing publishes it any more; messaging still
 * reads it (events already on the topic when identity moved to version 3).
 */
export const notificationRequestedV2 = defineEvent({
  type: 'identity.notification.requested',
  version: 2,
  topic: TOPICS.identityNotification,
  payload: sealedNotification(notificationKindV2),
  keyOf: (payload) => payload.userId,
});

/**
 * Version 3: the code sealed, ACCOUNT_EXISTS added. Nothing publishes it any more; messaging still
 * reads it (events already on the topic when identity moved to version 4).
 */
export const notificationRequestedV3 = defineEvent({
  type: 'identity.notification.requested',
  version: 3,
  topic: TOPICS.identityNotification,
  payload: sealedNotification(notificationKind),
  keyOf: (payload) => payload.userId,
});

/**
 * Version 4 adds SET_PASSWORD_LINK: an administrator created the account or reset its password, and
 * the person sets a password through a link carrying the sealed reset code.
 */
const notificationKindV4 = z.enum([...notificationKind.options, 'SET_PASSWORD_LINK']);

/**
 * Something to send to a person on identity's behalf. A one-time code travels sealed
 * (`sealSecret`, bound to the notification id) so only messaging can read it: the outbox, the topic
 * and the dead-letter topic never hold it in plain text. A new kind is a new version: a consumer of
 * version 2 would take an unknown kind for poison, while events of a version it does not handle are
 * skipped.
 */
export const notificationRequested = defineEvent({
  type: 'identity.notification.requested',
  version: 4,
  topic: TOPICS.identityNotification,
  payload: sealedNotification(notificationKindV4),
  keyOf: (payload) => payload.userId,
});

/** An administrator deactivated (false) or reactivated (true) an account; its sessions end on deactivation. */
export const userStatusChanged = defineEvent({
  type: 'identity.user.status-changed',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({ userId, isActive: z.boolean(), changedBy: userId }),
  keyOf: (payload) => payload.userId,
});

/**
 * An administrator deleted an account: it can no longer sign in and its forwarding stops. The record
 * is kept (soft delete) for what law and invoices require.
 */
export const userDeleted = defineEvent({
  type: 'identity.user.deleted',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({ userId, userType, deletedBy: userId, deletedAt: z.iso.datetime() }),
  keyOf: (payload) => payload.userId,
});

/**
 * A waitlist code to e-mail (/promotion's double opt-in): the address is not an account, so it is keyed
 * by the waitlist sign-up; the 6-digit code travels sealed, bound to the notification id.
 */
export const waitlistCodeRequested = defineEvent({
  type: 'identity.waitlist.code-requested',
  version: 1,
  topic: TOPICS.identityNotification,
  payload: z.object({
    notificationId: z.uuid(),
    signupId: z.uuid(),
    emailAddress: z.email(),
    sealedCode: sealedSecretSchema,
    expiresAt: z.iso.datetime({ offset: true }),
  }),
  keyOf: (payload) => payload.signupId,
});

/**
 * An address on the waitlist was confirmed with its code for the first time: it is now a prospect,
 * promised 20% off its first MultiMFA (billing keeps the offer). The address is the normalised one.
 */
export const waitlistConfirmed = defineEvent({
  type: 'identity.waitlist.confirmed',
  version: 1,
  topic: TOPICS.identityUser,
  payload: z.object({
    signupId: z.uuid(),
    emailAddress: z.email(),
    confirmedAt: z.iso.datetime({ offset: true }),
  }),
  keyOf: (payload) => payload.signupId,
});

export const identityEvents = [
  userRegistered,
  emailVerified,
  passwordChanged,
  profileUpdated,
  notificationRequestedV1,
  notificationRequestedV2,
  notificationRequestedV3,
  notificationRequested,
  userStatusChanged,
  userDeleted,
  waitlistCodeRequested,
  waitlistConfirmed,
];
