import { z } from 'zod';
import { defineEvent } from './define-event.js';
import { TOPICS } from './topics.js';

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

/**
 * Something to send to a person on identity's behalf. It may carry a one-time code, so its topic
 * keeps messages for an hour only; the code is valid for ten minutes anyway.
 */
export const notificationRequested = defineEvent({
  type: 'identity.notification.requested',
  version: 1,
  topic: TOPICS.identityNotification,
  payload: z.object({
    notificationId: z.uuid(),
    userId,
    kind: z.enum(['EMAIL_VERIFICATION_CODE', 'PASSWORD_RESET_CODE', 'PASSWORD_CHANGED']),
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

export const identityEvents = [
  userRegistered,
  emailVerified,
  passwordChanged,
  profileUpdated,
  notificationRequested,
];
