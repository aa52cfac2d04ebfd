/** A bot as messaging knows it (`feed_bot`): enough to tell whose feed an API key opens. */
export interface FeedBot {
  botId: string;
  mfaId: string;
  /** Its RoboMFA's subscription expired (messaging's view from numbers' events): the feed is closed. */
  subscriptionExpired?: boolean;
}

/** A bot numbers created, as its event (or the gateway, right after creating it) tells messaging. */
export interface CreatedBot {
  botId: string;
  mfaId: string;
  userId: string;
  keyHash: string;
  isActive: boolean;
  createdAt: Date;
}

/** A text of an MFA as the feed serves it, with its place in the feed. */
export interface FeedMessageRow {
  messageId: string;
  code: string | null;
  codeService: string | null;
  fromNumber: string;
  body: string;
  receivedAt: Date;
  xact: string;
  position: string;
}

/** One bot's claim on a message (`message_claim`). */
export interface MessageClaim {
  messageId: string;
  botId: string;
  claimedAt: Date;
}
