import { z } from 'zod';
import { defineEvent } from './define-event.js';
import { TOPICS } from './topics.js';

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

export const numbersEvents = [mfaCreated, mfaUpdated, numberAssigned, botCreated, botRemoved];
