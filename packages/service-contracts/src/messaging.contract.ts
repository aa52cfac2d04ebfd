/**
 * The messaging service's internal API, as zod schemas: messaging validates what it receives with them,
 * and the gateway imports them (`@multimfa/service-contracts/messaging`) instead of retyping them.
 */

import {
  addDestinationBody,
  botMessageClaimSchema,
  botMessagePageSchema,
  botMessageSchema,
  contactBody,
  deliveryAttemptSchema,
  destinationCreatedSchema,
  destinationDeliverySchema,
  destinationSchema,
  emailAddressField,
  heldMessageSchema,
  listBotMessagesQuery,
  nextBotMessageQuery,
  offboardingReportSchema,
  roboMfaMessagesSchema,
  routingSchema,
} from '@multimfa/api-contract';
import { z } from 'zod';

export * from './code-audit.contract.js';

// ---- the arrival of a stored text (Redis pub/sub) -----------------------------------------------

/**
 * Announced on Redis pub/sub once a text's row has committed, so the bot feed wakes the bots waiting
 * on that MFA without polling the database. One channel per MFA.
 */
export const messageArrivalSchema = z.object({
  mfaId: z.uuid(),
  messageId: z.uuid(),
  /** `inbound_message.feed_position`, as a string (bigint). */
  feedPosition: z.string().regex(/^\d+$/),
  /**
   * `inbound_message.xact_id`, the transaction that stored it, as a string: the feed serves the text
   * once the horizon (the oldest transaction still running) has passed it, so a waiting request can
   * tell from a read's horizon whether an announced text is still held back.
   */
  xact: z.string().regex(/^\d+$/),
});
export type MessageArrival = z.infer<typeof messageArrivalSchema>;

export const messageArrivalChannel = (mfaId: string) => `messaging:inbound:${mfaId}`;

// ---- the landing page's contact form -----------------------------------------------------------

/** `POST /contact-messages`: a visitor's message to support, stored and then e-mailed to support. */
export const contactMessageRequest = contactBody;
export type ContactMessageRequest = z.output<typeof contactMessageRequest>;

export const contactMessageAccepted = z.object({ messageId: z.uuid() });
export type ContactMessageAccepted = z.output<typeof contactMessageAccepted>;

// ---- the bot feed (the gateway authenticates nothing itself: it passes the API key's hash) ---------

/** SHA-256 of a bot's API key, hex: the path segment `/bot-feed/keys/:keyHash/…` names the caller. */
export const botKeyHash = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid API key');

/** `GET /bot-feed/keys/:keyHash/messages?since&limit`. */
export const feedListQuery = listBotMessagesQuery;
export const feedPage = botMessagePageSchema;
/** `GET /bot-feed/keys/:keyHash/messages/next?since&sender&timeout`: the message, or 204 after the timeout. */
export const feedNextQuery = nextBotMessageQuery;
export const feedMessage = botMessageSchema;
/** `POST /bot-feed/keys/:keyHash/messages/:messageId/claim`: 404 for another MFA's message, 409 when taken. */
export const feedClaim = botMessageClaimSchema;

/** `PUT /bot-feed/bots/:botId`: the gateway registers a bot numbers just created (the event does too). */
export const feedBotRegistration = z.object({
  mfaId: z.uuid(),
  userId: z.uuid(),
  keyHash: botKeyHash,
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type FeedBotRegistration = z.output<typeof feedBotRegistration>;

/** `PUT` and `DELETE /bot-feed/bots/:botId` (idempotent): what messaging now holds of the bot. */
export const feedBotState = z.object({ botId: z.uuid(), revoked: z.boolean() });
export type FeedBotState = z.output<typeof feedBotState>;

/** `GET /bot-feed/limits`: the caps on waits open at once that messaging holds bots to (its settings). */
export const botWaitLimits = z.object({
  waitsPerKey: z.number().int().positive(),
  waitsPerRoboMfa: z.number().int().positive(),
});
export type BotWaitLimits = z.output<typeof botWaitLimits>;

// ---- inbound texts and their forwards --------------------------------------------------------

/** `POST /inbound-messages`: a text Twilio delivered to one of our numbers (its signature already checked). */
export const inboundSmsRequest = z.object({
  /** Twilio's MessageSid: a redelivery of the same text is applied once. */
  messageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i, 'MessageSid must be a Twilio message SID'),
  from: z.string().trim().min(1).max(64),
  to: z.string().trim().min(1).max(32),
  body: z.string().max(1600),
});
export type InboundSmsRequest = z.output<typeof inboundSmsRequest>;

export const inboundSmsAccepted = z.object({
  messageId: z.uuid(),
  /** True when this MessageSid had been stored before (nothing was done again). */
  duplicate: z.boolean(),
});
export type InboundSmsAccepted = z.output<typeof inboundSmsAccepted>;

/**
 * The forward status each provider event reports (Twilio's MessageStatus, SendGrid's event names);
 * events not listed say nothing about a forward's delivery.
 */
const REPORTED_STATUS: Readonly<Record<string, 'queued' | 'sent' | 'delivered' | 'failed'>> = {
  queued: 'queued',
  accepted: 'queued',
  sending: 'queued',
  processed: 'queued',
  deferred: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  undelivered: 'failed',
  bounce: 'failed',
  dropped: 'failed',
};

/**
 * The status a report of `event` can move a forward to; undefined when it can move none (every
 * forward starts queued, so a report of a queued status, or of an event that is no status, never
 * changes one, and is not worth a request).
 */
export function reportedMove(event: string): 'sent' | 'delivered' | 'failed' | undefined {
  const status = Object.hasOwn(REPORTED_STATUS, event) ? REPORTED_STATUS[event] : undefined;
  return status === 'queued' ? undefined : status;
}

/**
 * `POST /delivery-reports`: what a provider's signed callback said about forwards (Twilio's status
 * callback, SendGrid's events), as the provider named it; messaging maps it to its own statuses
 * (`reportedMove`). Callers leave out the reports that cannot move a forward.
 */
export const deliveryReportRequest = z.object({
  reports: z
    .array(
      z.object({
        provider: z.enum(['twilio', 'sendgrid']),
        forwardId: z.uuid(),
        /** Twilio's MessageStatus or SendGrid's event name. */
        event: z.string().min(1).max(40),
      }),
    )
    .max(1000),
});
export type DeliveryReportRequest = z.output<typeof deliveryReportRequest>;

export const deliveryReportAccepted = z.object({ applied: z.number().int().nonnegative() });
export type DeliveryReportAccepted = z.output<typeof deliveryReportAccepted>;

/** `GET /mfas/:mfaId/messages?userId=&limit=`: an owner's MultiMFA's recent texts (another's: 404). */
export const recentMessagesQuery = z.object({
  userId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type RecentMessagesQuery = z.output<typeof recentMessagesQuery>;

export const recentMessage = z.object({
  messageId: z.uuid(),
  sender: z.string(),
  receivedAt: z.iso.datetime(),
  /** Whether the text had a code; the code and body leave messaging only through a recorded reveal. */
  hasCode: z.boolean(),
  codeService: z.string().nullable(),
  recipients: z.array(
    z.object({
      memberId: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      medium: z.enum(['EMAIL', 'SMS']),
      status: z.enum(['queued', 'sent', 'delivered', 'failed']),
      /** When the provider accepted the forward (null: not yet, or never). */
      sentAt: z.iso.datetime().nullable(),
      /** Sent after the text's usefulness window (a code that may have expired by then). */
      late: z.boolean(),
    }),
  ),
  destinations: z.array(destinationDeliverySchema),
});
export type RecentMessage = z.output<typeof recentMessage>;

export const recentMessagesList = z.object({ messages: z.array(recentMessage) });

/** `GET /mfas/:mfaId/offboarding-reports?userId=`: an owner's MultiMFA's recent offboarding reports (another's: 404). */
export const offboardingReportsQuery = z.object({ userId: z.uuid() });
export const offboardingReportsList = z.object({ reports: z.array(offboardingReportSchema) });
export type OffboardingReportsList = z.output<typeof offboardingReportsList>;
export type RecentMessagesList = z.output<typeof recentMessagesList>;

/**
 * `GET /robo-mfas/:mfaId/messages?userId=&limit=`: an owner's RoboMFA's recent texts, newest first, with
 * which bot read, waited for or claimed each (another's RoboMFA, or a MultiMFA: 404).
 */
export const roboMfaMessagesList = roboMfaMessagesSchema;
export type RoboMfaMessagesList = z.output<typeof roboMfaMessagesList>;

// ---- promotional e-mails: the unsubscribe link's call ------------------------------------------------

/** The address and the token of a promotional e-mail's unsubscribe link. */
export const unsubscribeRequest = z.object({
  emailAddress: emailAddressField,
  token: z
    .string()
    .trim()
    .min(1, 'This unsubscribe link is not valid')
    .max(100, 'This unsubscribe link is not valid'),
});
export type UnsubscribeRequest = z.output<typeof unsubscribeRequest>;

// ---- destinations, routing rules and held texts of a MultiMFA (owner checked: another's 404) -----

/** `GET /users/:userId/mfas/:mfaId/destinations`. */
export const destinationsList = z.object({
  destinations: z.array(destinationSchema.extend({ attempts: z.array(deliveryAttemptSchema) })),
});
export type DestinationsList = z.output<typeof destinationsList>;
/** `POST /users/:userId/mfas/:mfaId/destinations` (the gateway asked numbers for a free seat first). */
export const addDestinationRequest = addDestinationBody;
export const destinationCreated = destinationCreatedSchema;
/** `POST /users/:userId/destinations/:destinationId/confirm` and `…/test`. */
export const destinationConfirmation = z.object({ code: z.string().trim().min(1).max(20) });
export const destinationAnswer = z.object({ destination: destinationSchema });
/** `GET` and `PUT /users/:userId/mfas/:mfaId/routing`. */
export const routingSettings = routingSchema;
/** `GET /users/:userId/mfas/:mfaId/held`. */
export const heldMessagesList = z.object({ messages: z.array(heldMessageSchema) });
/** `POST /users/:userId/held/:messageId/release`. */
export const heldMessageReleased = z.object({ forwards: z.number().int().nonnegative() });
