// The bot API's messages as the gateway answers them (gateway/openapi.json, tag `bot`). Written out
// here so the published package depends on nothing; contract-drift.spec.ts fails the build's tests
// when these and @multimfa/api-contract (the source of the OpenAPI document) disagree.

/** A text that reached the bot's RoboMFA. */
export interface BotMessage {
  messageId: string;
  /** The one-time code found in the text, or null when it holds none. */
  code: string | null;
  /** Who the code is from, when recognised ("Google"). */
  service: string | null;
  /** The sender as the carrier gives it (E.164 or an alphanumeric sender id). */
  sender: string;
  body: string;
  /** ISO 8601. */
  receivedAt: string;
  /** Pass as `since` to get the messages after this one. */
  cursor: string;
}

/** A text with a code in it, as `waitForCode` answers it. */
export interface CodeMessage extends BotMessage {
  code: string;
}

export interface BotMessagePage {
  /** Oldest first. */
  messages: BotMessage[];
  /** Pass as `since` for the next page (or to wait for what comes next). */
  cursor: string;
  /** More messages follow this page already. */
  hasMore: boolean;
}

export interface BotMessageClaim {
  messageId: string;
  botId: string;
  claimedAt: string;
}

/** Every answer of the API: `{ isError, message, data }`. */
export interface Envelope<T> {
  isError: boolean;
  message: string;
  data: T;
}

/** The calls this client makes: checked against the OpenAPI document by contract-drift.spec.ts. */
export const BOT_OPERATIONS = {
  listBotMessages: { method: 'GET', path: '/api/bot/v1/messages', query: ['since', 'limit'] },
  nextBotMessage: { method: 'GET', path: '/api/bot/v1/messages/next', query: ['since', 'sender', 'timeout'] },
  claimBotMessage: { method: 'POST', path: '/api/bot/v1/messages/{id}/claim', query: [] },
} as const;

/** The longest the server holds one wait, in seconds. */
export const BOT_WAIT_MAX_SECONDS = 25;
