import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';
import { roboMfaSchema } from './purchase.contract.js';

// ---- RoboMFA detail and its bots ----------------------------------------------------------------

/** A bot of a RoboMFA; its API key is shown to the RoboMFA's owner only. */
export const botSchema = z
  .object({
    botId: z.uuid(),
    referenceName: z.string(),
    /** `mmfa_bot_` and 43 base64url characters (256 random bits). */
    APIKey: z.string(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime(),
    /** When the bot API last accepted this key (to the minute: a key in use is noted once a minute); null: never. */
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Bot' });
export type Bot = z.infer<typeof botSchema>;

/** What the bot API allows each key, as the gateway and messaging are configured. */
export const botLimitsSchema = z
  .object({
    /** Calls per key per minute (`RateLimit-Policy`); one more answers 429 `RATE_LIMITED`. */
    requestsPerMinute: z.number().int().positive(),
    /** Waits (`messages/next`) a key holds open at once; one more answers 429 `TOO_MANY_WAITS`. */
    openWaitsPerKey: z.number().int().positive(),
  })
  .meta({ id: 'BotLimits' });
export type BotLimits = z.infer<typeof botLimitsSchema>;

/** A RoboMFA with its bots, as its detail page shows it. */
export const roboMfaDetailSchema = roboMfaSchema
  .extend({ bots: z.array(botSchema) })
  .meta({ id: 'RoboMFADetail' });
export type RoboMfaDetail = z.infer<typeof roboMfaDetailSchema>;

export const roboMfaParams = z.object({ mfaid: z.uuid({ error: 'RoboMFA not found' }) });

/** What the detail page's Save sends. */
export const updateRoboMfaBody = z
  .object({
    name: z
      .string({ error: 'Please provide name for your RoboMFA' })
      .trim()
      .min(1, 'Please provide name for your RoboMFA')
      .max(100, 'Name must be at most 100 characters'),
    description: z.string().trim().max(1000, 'Description must be at most 1000 characters').default(''),
    autoRenewal: z.boolean(),
  })
  .meta({ id: 'UpdateRoboMFABody' });
export type UpdateRoboMfaBody = z.output<typeof updateRoboMfaBody>;

export const botReferenceNameField = z
  .string({ error: 'Please provide a reference name for the bot' })
  .trim()
  .min(1, 'Please provide a reference name for the bot')
  .max(100, 'Reference name must be at most 100 characters');

export const createBotBody = z
  .object({ roboMFAId: z.uuid({ error: 'RoboMFA not found' }), referenceName: botReferenceNameField })
  .meta({ id: 'CreateBotBody' });
export type CreateBotBody = z.output<typeof createBotBody>;

export const botParams = z.object({ botId: z.uuid({ error: 'Bot not found' }) });

/** One bot's dealing with a text: read it in a page, got it from a wait, or claimed it. */
export const botMessageActionSchema = z
  .object({
    botId: z.uuid(),
    action: z.enum(['read', 'waited', 'claimed']),
    /** The first time this bot did this with this text. */
    at: z.iso.datetime(),
  })
  .meta({ id: 'BotMessageAction' });
export type BotMessageAction = z.infer<typeof botMessageActionSchema>;

/** A text to a RoboMFA and what its bots did with it. */
export const roboMfaMessageSchema = z
  .object({
    messageId: z.uuid(),
    sender: z.string(),
    receivedAt: z.iso.datetime(),
    /** Whether a code was found in the text: the page reveals it (and its body) through revealMfaCode, which is recorded. */
    hasCode: z.boolean(),
    codeService: z.string().nullable(),
    /** It came while the subscription was expired: kept, never given to bots. */
    withheld: z.boolean(),
    /** Oldest first; empty when no bot has read it. */
    bots: z.array(botMessageActionSchema),
  })
  .meta({ id: 'RoboMFAMessage' });
export type RoboMfaMessage = z.infer<typeof roboMfaMessageSchema>;

export const roboMfaMessagesSchema = z.object({ messages: z.array(roboMfaMessageSchema) });

// ---- calls ------------------------------------------------------------------------------------

export const getRoboMfaDetails = endpoint({
  operationId: 'getRoboMfaDetails',
  method: 'GET',
  path: '/api/robo-mfa/details/:mfaid',
  summary: "The caller's RoboMFA with its plan and bots (another customer's: 404)",
  tag: 'robo-mfa',
  access: 'user',
  params: roboMfaParams,
  response: envelope(roboMfaDetailSchema),
});

export const updateRoboMfa = endpoint({
  operationId: 'updateRoboMfa',
  method: 'PUT',
  path: '/api/robo-mfa/update/:mfaid',
  summary: "Changes the name, description and auto-renewal of the caller's RoboMFA",
  tag: 'robo-mfa',
  access: 'user',
  params: roboMfaParams,
  body: updateRoboMfaBody,
  response: envelope(roboMfaDetailSchema),
});

export const createBot = endpoint({
  operationId: 'createBot',
  method: 'POST',
  path: '/api/robo-mfa/create-bot',
  summary: "Adds a bot with a new API key to the caller's RoboMFA, within its plan's number of bots",
  tag: 'robo-mfa',
  access: 'verified',
  body: createBotBody,
  response: envelope(botSchema),
});

export const removeBot = endpoint({
  operationId: 'removeBot',
  method: 'DELETE',
  path: '/api/robo-mfa/remove-bot/:botId',
  summary: "Deletes a bot of the caller's RoboMFA; its API key stops working at once",
  tag: 'robo-mfa',
  access: 'user',
  params: botParams,
  response: envelope(z.null()),
});

export const listRoboMfaMessages = endpoint({
  operationId: 'listRoboMfaMessages',
  method: 'GET',
  path: '/api/robo-mfa/messages/:mfaid',
  summary:
    "The recent texts of the caller's RoboMFA, newest first, with which bot read, waited for or claimed each (another customer's: 404)",
  tag: 'robo-mfa',
  access: 'user',
  params: roboMfaParams,
  response: envelope(roboMfaMessagesSchema),
});

export const getBotLimits = endpoint({
  operationId: 'getBotLimits',
  method: 'GET',
  path: '/api/robo-mfa/bot-limits',
  summary: "What the bot API allows each bot's key: calls a minute and waits open at once",
  tag: 'robo-mfa',
  access: 'user',
  response: envelope(botLimitsSchema),
});

export const botsEndpoints = [
  getRoboMfaDetails,
  updateRoboMfa,
  createBot,
  removeBot,
  listRoboMfaMessages,
  getBotLimits,
] as const;
