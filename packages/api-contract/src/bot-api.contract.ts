import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

// ---- the bot API: bots of a RoboMFA read its texts with their API key ---------------------------

/** The longest a bot's wait for the next message is held, in seconds. */
export const BOT_WAIT_MAX_SECONDS = 25;

/** Where a bot stands in its RoboMFA's feed: opaque, passed back as `since`. */
export const botCursor = z
  .string({ error: 'Invalid cursor' })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor')
  .meta({ description: 'A cursor from an earlier answer: only messages after it are returned' });

/** A text that reached the bot's RoboMFA. */
export const botMessageSchema = z
  .object({
    messageId: z.uuid(),
    /** The one-time code found in the text, or null when it holds none. */
    code: z.string().nullable(),
    /** Who the code is from, when recognised ("Google"). */
    service: z.string().nullable(),
    /** The sender as the carrier gives it (E.164 or an alphanumeric sender id). */
    sender: z.string(),
    body: z.string(),
    receivedAt: z.iso.datetime(),
    /** Pass as `since` to get the messages after this one. */
    cursor: z.string(),
  })
  .meta({ id: 'BotMessage' });
export type BotMessage = z.infer<typeof botMessageSchema>;

export const botMessagePageSchema = z
  .object({
    /** Oldest first. */
    messages: z.array(botMessageSchema),
    /** Pass as `since` for the next page (or to wait for what comes next). */
    cursor: z.string(),
    /** More messages follow this page already. */
    hasMore: z.boolean(),
  })
  .meta({ id: 'BotMessagePage' });
export type BotMessagePage = z.infer<typeof botMessagePageSchema>;

export const botMessageClaimSchema = z
  .object({ messageId: z.uuid(), botId: z.uuid(), claimedAt: z.iso.datetime() })
  .meta({ id: 'BotMessageClaim' });
export type BotMessageClaim = z.infer<typeof botMessageClaimSchema>;

export const listBotMessagesQuery = z.object({
  since: botCursor.optional(),
  /** 0 answers no messages, only the cursor where the feed stands now (to wait from there). */
  limit: z.coerce
    .number({ error: 'limit must be a number from 0 to 100' })
    .int('limit must be a number from 0 to 100')
    .min(0, 'limit must be a number from 0 to 100')
    .max(100, 'limit must be a number from 0 to 100')
    .default(50),
});
export type ListBotMessagesQuery = z.output<typeof listBotMessagesQuery>;

export const nextBotMessageQuery = z.object({
  /** Without it, the wait is for a message arriving from now on. */
  since: botCursor.optional(),
  /** Only a message from this sender, exactly as `sender` shows it. */
  sender: z.string().trim().min(1, 'sender must not be empty').max(64, 'sender is too long').optional(),
  /** Seconds to wait, 0 to 25. */
  timeout: z.coerce
    .number({ error: `timeout must be a number of seconds from 0 to ${BOT_WAIT_MAX_SECONDS}` })
    .int(`timeout must be a number of seconds from 0 to ${BOT_WAIT_MAX_SECONDS}`)
    .min(0, `timeout must be a number of seconds from 0 to ${BOT_WAIT_MAX_SECONDS}`)
    .max(BOT_WAIT_MAX_SECONDS, `timeout must be a number of seconds from 0 to ${BOT_WAIT_MAX_SECONDS}`)
    .default(BOT_WAIT_MAX_SECONDS),
});
export type NextBotMessageQuery = z.output<typeof nextBotMessageQuery>;

export const botMessageParams = z.object({ id: z.uuid({ error: 'Message not found' }) });

// ---- calls ------------------------------------------------------------------------------------

export const listBotMessages = endpoint({
  operationId: 'listBotMessages',
  method: 'GET',
  path: '/api/bot/v1/messages',
  summary: "The texts of the bot's RoboMFA after the cursor, oldest first, one page at a time",
  tag: 'bot',
  access: 'bot',
  query: listBotMessagesQuery,
  response: envelope(botMessagePageSchema),
  otherAnswers: {
    '403': "The RoboMFA's subscription has expired (SUBSCRIPTION_EXPIRED): no texts until it is renewed",
  },
});

export const nextBotMessage = endpoint({
  operationId: 'nextBotMessage',
  method: 'GET',
  path: '/api/bot/v1/messages/next',
  summary:
    'Waits (up to `timeout` seconds, at most 25) for the next text after the cursor, optionally from one sender; answers at once when one is already there',
  tag: 'bot',
  access: 'bot',
  query: nextBotMessageQuery,
  response: envelope(botMessageSchema),
  otherAnswers: {
    '204': 'Nothing arrived within the timeout: ask again with the same cursor',
    '403': "The RoboMFA's subscription has expired (SUBSCRIPTION_EXPIRED): no texts until it is renewed",
  },
});

export const claimBotMessage = endpoint({
  operationId: 'claimBotMessage',
  method: 'POST',
  path: '/api/bot/v1/messages/:id/claim',
  summary: "Claims a text of the bot's RoboMFA for this bot, once: the first claimer gets it",
  tag: 'bot',
  access: 'bot',
  params: botMessageParams,
  response: envelope(botMessageClaimSchema),
  otherAnswers: {
    '403': "The RoboMFA's subscription has expired (SUBSCRIPTION_EXPIRED): no texts until it is renewed",
    '404': "No such message in the bot's RoboMFA",
    '409': 'Another bot claimed the message first',
  },
});

export const botApiEndpoints = [listBotMessages, nextBotMessage, claimBotMessage] as const;
