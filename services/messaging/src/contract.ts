/**
 * The messaging service's internal API, as zod schemas: messaging validates what it receives with them,
 * and the gateway imports them (`@multimfa/messaging/contract`) instead of retyping them.
 */

import {
  botMessageClaimSchema,
  botMessagePageSchema,
  botMessageSchema,
  contactBody,
  listBotMessagesQuery,
  nextBotMessageQuery,
} from '@multimfa/api-contract';
import { z } from 'zod';

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
