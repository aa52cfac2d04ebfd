export {
  BOT_OPERATIONS,
  BOT_WAIT_MAX_SECONDS,
  type BotMessage,
  type BotMessageClaim,
  type BotMessagePage,
  type CodeMessage,
  type Envelope,
} from './bot-api.types.js';
export {
  type CallOptions,
  type FetchAnswer,
  type FetchLike,
  type ListOptions,
  MultiMfaBot,
  type MultiMfaBotOptions,
  type WaitForCodeOptions,
} from './multimfa-bot.client.js';
export { MultiMfaBotError, type MultiMfaBotErrorCode } from './multimfa-bot.errors.js';
