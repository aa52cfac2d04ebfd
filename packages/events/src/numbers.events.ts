import { z } from 'zod';
import { defineEvent } from './define-event.builder.js';
import { sealedSecretSchema } from './sealed-secret.cipher.js';
import { TOPICS } from './topics.config.js';

const mfaType = z.enum(['MultiMFA', 'RoboMFA']);

const mfaPlan = z.object({
  planId: z.number().int().positive(),
  planName: z.string(),
  basePrice: z.number().nonnegative(),
  /** Seats of a MultiMFA; bots of a RoboMFA. */
  noOfUsers: z.number().int().positive(),
});

/** An MFA as numbers holds it after the change: every consumer can rebuild its view from one event. */
const mfaState = z.object({
  mfaId: z.uuid(),
  MFAType: mfaType,
  userId: z.uuid(),
  name: z.string(),
  description: z.string(),
  countryId: z.number().int().positive(),
  /** ISO 3166 code of its country. */
  countryIso: z.string().length(2),
  plan: mfaPlan,
  subscriptionId: z.uuid(),
  autoRenewal: z.boolean(),
  nextPaymentDate: z.iso.datetime(),
  isSubscriptionActive: z.boolean(),
  isActive: z.boolean(),
  /** E.164; null while it waits for a free number of its country (`numbers.number.assigned` follows). */
  number: z.string().nullable(),
  /**
   * Days the bodies and codes of its texts are kept (1 to 90); messaging deletes them after. Absent
   * from events written before the setting existed: the default, 30.
   */
  retentionDays: z.number().int().min(1).max(90).optional(),
});

/** A completed purchase created a MultiMFA or RoboMFA. */
export const mfaCreated = defineEvent({
  type: 'numbers.mfa.created',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: mfaState.extend({ purchaseId: z.uuid(), createdAt: z.iso.datetime() }),
  keyOf: (payload) => payload.mfaId,
});

/** An MFA changed (a plan upgrade: `purchaseId` is the purchase that changed it). */
export const mfaUpdated = defineEvent({
  type: 'numbers.mfa.updated',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: mfaState.extend({ purchaseId: z.uuid().nullable(), updatedAt: z.iso.datetime() }),
  keyOf: (payload) => payload.mfaId,
});

/**
 * An administrator deleted an MFA: its members and bots went with it, and its number (null when it
 * was still waiting for one) went to quarantine, so a next owner never receives this owner's codes.
 */
export const mfaDeleted = defineEvent({
  type: 'numbers.mfa.deleted',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: z.object({
    mfaId: z.uuid(),
    MFAType: mfaType,
    userId: z.uuid(),
    /** E.164 of the number it held, now QUARANTINED. */
    number: z.string().nullable(),
    deletedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.mfaId,
});

/** A number of the pool was given to an MFA: texts to it are that MFA's from now on. */
export const numberAssigned = defineEvent({
  type: 'numbers.number.assigned',
  version: 1,
  topic: TOPICS.numbersPhoneNumber,
  payload: z.object({
    phoneNumberId: z.number().int().positive(),
    /** E.164. */
    number: z.string(),
    /** Twilio's IncomingPhoneNumber SID. */
    sid: z.string(),
    countryIso: z.string().length(2),
    mfaId: z.uuid(),
    MFAType: mfaType,
    userId: z.uuid(),
    assignedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.number,
});

/** A member of a MultiMFA as numbers holds it after the change. */
const memberState = z.object({
  memberId: z.uuid(),
  mfaId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** E.164, empty when codes do not go to a mobile. */
  mobileNo: z.string(),
  /** Lower case, empty when codes do not go by e-mail. */
  email: z.string(),
  forwardMedium: z.enum(['EMAIL', 'MOBILE_NUMBER', 'BOTH']),
  status: z.enum(['AWAITING_INVITE', 'INVITE_SENT', 'VERIFIED']),
});

/** A member was added to a MultiMFA (codes reach them only once VERIFIED). */
export const memberAdded = defineEvent({
  type: 'numbers.member.added',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: memberState.extend({ addedAt: z.iso.datetime() }),
  keyOf: (payload) => payload.mfaId,
});

/** A member was removed from a MultiMFA: codes stop reaching them at once. */
export const memberRemoved = defineEvent({
  type: 'numbers.member.removed',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: z.object({
    memberId: z.uuid(),
    mfaId: z.uuid(),
    userId: z.uuid(),
    removedAt: z.iso.datetime(),
    /** The member's name, for the owner's offboarding report (absent from events written before). */
    firstName: z.string().optional(),
    lastName: z.string().optional(),
  }),
  keyOf: (payload) => payload.mfaId,
});

/**
 * An invitation to send to a member, for messaging: the token travels sealed (`sealSecret`, bound to
 * the invitation id) so only messaging can read it; numbers keeps only its hash.
 */
export const invitationSent = defineEvent({
  type: 'numbers.invitation.sent',
  version: 1,
  topic: TOPICS.numbersInvitation,
  payload: memberState.extend({
    invitationId: z.uuid(),
    sealedToken: sealedSecretSchema,
    expiresAt: z.iso.datetime(),
    sentAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.memberId,
});

/** A member accepted their invitation: codes reach them from now on. */
export const memberVerified = defineEvent({
  type: 'numbers.member.verified',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: memberState.extend({ invitationId: z.uuid(), verifiedAt: z.iso.datetime() }),
  keyOf: (payload) => payload.mfaId,
});

/** A member rejected their invitation (the owner is to be told). */
export const invitationRejected = defineEvent({
  type: 'numbers.invitation.rejected',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: memberState.extend({ invitationId: z.uuid(), rejectedAt: z.iso.datetime() }),
  keyOf: (payload) => payload.mfaId,
});

/** A bot was added to a RoboMFA. `keyHash` (SHA-256 of its API key, hex) identifies the key; the key itself is never sent. */
export const botCreated = defineEvent({
  type: 'numbers.bot.created',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: z.object({
    botId: z.uuid(),
    mfaId: z.uuid(),
    userId: z.uuid(),
    referenceName: z.string(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    isActive: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.mfaId,
});

/** A bot was deleted: the key of that hash no longer works. */
export const botRemoved = defineEvent({
  type: 'numbers.bot.removed',
  version: 1,
  topic: TOPICS.numbersMfa,
  payload: z.object({
    botId: z.uuid(),
    mfaId: z.uuid(),
    userId: z.uuid(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    removedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.mfaId,
});

export const numbersEvents = [
  mfaCreated,
  mfaUpdated,
  mfaDeleted,
  numberAssigned,
  memberAdded,
  memberRemoved,
  invitationSent,
  memberVerified,
  invitationRejected,
  botCreated,
  botRemoved,
];

/**
 * A number left its MFA for quarantine (the reservation after an expired subscription ran out, or the
 * MFA was deleted): texts to it belong to nobody until it is released.
 */
export const numberQuarantined = defineEvent({
  type: 'numbers.number.quarantined',
  version: 1,
  topic: TOPICS.numbersPhoneNumber,
  payload: z.object({
    phoneNumberId: z.number().int().positive(),
    number: z.string(),
    /** The MFA it was taken from; null when it had none any more. */
    mfaId: z.uuid().nullable(),
    /** The customer whose number it was. */
    userId: z.uuid().nullable(),
    quarantinedUntil: z.iso.datetime(),
    quarantinedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.number,
});

/** A number's quarantine ended: it is FREE in the pool again (`numbers.number.assigned` may follow). */
export const numberReleased = defineEvent({
  type: 'numbers.number.released',
  version: 1,
  topic: TOPICS.numbersPhoneNumber,
  payload: z.object({
    phoneNumberId: z.number().int().positive(),
    number: z.string(),
    releasedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.number,
});

export const numbersPhoneNumberEvents = [numberQuarantined, numberReleased];
