import { z } from 'zod';
import { defineEvent } from './define-event.builder.js';
import { TOPICS } from './topics.config.js';

const medium = z.enum(['EMAIL', 'SMS']);
const deliveryStatus = z.enum(['queued', 'sent', 'delivered', 'failed']);

/**
 * A text reached one of our numbers and was stored (once per MessageSid). Never the body or the code:
 * they are secrets of the MFA's owner.
 */
export const messageReceived = defineEvent({
  type: 'messaging.message.received',
  version: 1,
  topic: TOPICS.messagingMessage,
  payload: z.object({
    messageId: z.uuid(),
    /** Null when no MFA owns the number. */
    mfaId: z.uuid().nullable(),
    MFAType: z.enum(['MultiMFA', 'RoboMFA']).nullable(),
    /** The MFA's owner; null when no MFA owns the number. */
    userId: z.uuid().nullable(),
    toNumber: z.string(),
    fromNumber: z.string(),
    hasCode: z.boolean(),
    /** Forwards queued for it (members times mediums); 0 when nothing is forwarded. */
    forwards: z.number().int().nonnegative(),
    receivedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.messageId,
});

/** A provider accepted one forward (an e-mail or an SMS to one member). */
export const forwardSent = defineEvent({
  type: 'messaging.forward.sent',
  version: 1,
  topic: TOPICS.messagingMessage,
  payload: z.object({
    forwardId: z.uuid(),
    messageId: z.uuid(),
    mfaId: z.uuid(),
    memberId: z.uuid(),
    medium,
    sentAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.messageId,
});

/**
 * A forward's delivery status moved forward (never back) by a provider's report (sent, delivered or
 * failed), by giving up on it (failed), or back from failed to sent by a re-drive's send. The move from
 * queued to sent that the worker's own send makes is told by `messaging.forward.sent` alone: one fact,
 * one event.
 */
export const deliveryStatusChanged = defineEvent({
  type: 'messaging.forward.status-changed',
  version: 1,
  topic: TOPICS.messagingMessage,
  payload: z.object({
    forwardId: z.uuid(),
    messageId: z.uuid(),
    mfaId: z.uuid(),
    memberId: z.uuid(),
    medium,
    status: deliveryStatus,
    changedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.messageId,
});

/** An entry of the message log the admin area lists (INFO, ERROR, WARNING or VALIDATION). */
export const logEntryWritten = defineEvent({
  type: 'messaging.log.written',
  version: 1,
  topic: TOPICS.messagingMessage,
  payload: z.object({
    logId: z.uuid(),
    mfaId: z.uuid().nullable(),
    /** The MFA's owner, when the entry concerns an MFA. */
    userId: z.uuid().nullable(),
    logType: z.enum(['INFO', 'ERROR', 'WARNING', 'VALIDATION']),
    /** The number the text was sent to (E.164). */
    mobileNo: z.string(),
    message: z.string(),
    members: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
    createdAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.logId,
});

/** One inbound text counted against the MFA's subscription (metering; billing charges texts over the allowance). */
export const usageCounted = defineEvent({
  type: 'messaging.usage.counted',
  version: 1,
  topic: TOPICS.messagingUsage,
  payload: z.object({
    /** The message's id: a consumer counts each once. */
    usageId: z.uuid(),
    mfaId: z.uuid(),
    userId: z.uuid(),
    subscriptionId: z.uuid(),
    texts: z.number().int().positive(),
    countedAt: z.iso.datetime(),
  }),
  // Keyed by the text, not the MFA: a meter counts each usageId once in any order, and the outbox makes
  // writers of one key take turns until they commit, which would serialize every text to one number.
  keyOf: (payload) => payload.usageId,
});

/**
 * A MultiMFA got a destination (a Slack channel, a webhook endpoint): it takes one seat, which numbers
 * counts in its seat check. Never the URL or the secret.
 */
export const destinationAdded = defineEvent({
  type: 'messaging.destination.added',
  version: 1,
  topic: TOPICS.messagingDestination,
  payload: z.object({
    destinationId: z.uuid(),
    mfaId: z.uuid(),
    kind: z.enum(['slack', 'webhook']),
    addedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.mfaId,
});

/** A destination was removed: its seat is free again. */
export const destinationRemoved = defineEvent({
  type: 'messaging.destination.removed',
  version: 1,
  topic: TOPICS.messagingDestination,
  payload: z.object({
    destinationId: z.uuid(),
    mfaId: z.uuid(),
    removedAt: z.iso.datetime(),
  }),
  keyOf: (payload) => payload.mfaId,
});

export const messagingEvents = [
  messageReceived,
  forwardSent,
  deliveryStatusChanged,
  logEntryWritten,
  usageCounted,
  destinationAdded,
  destinationRemoved,
];
