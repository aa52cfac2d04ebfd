import { z } from 'zod';

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
