import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { FeedMessageRow, MessageClaim } from './feed-bot.record.js';
import type { FeedCursor } from './feed-cursor.codec.js';

interface Row {
  horizon: string;
  held_back: boolean;
  message_id: string | null;
  code: string | null;
  code_service: string | null;
  from_number: string;
  body: string;
  received_at: Date;
  xact_id: string;
  feed_position: string;
}

export interface FeedSlice {
  messages: FeedMessageRow[];
  /** The snapshot's xmin: every transaction below it has ended, so the feed below it is final. */
  horizon: string;
  /**
   * A text after the cursor has committed but is not served yet: its transaction is at or above the
   * horizon (an older one is still open). Its announcement may have come before the reader listened.
   */
  heldBack: boolean;
}

/**
 * An MFA's served messages after a cursor, with the horizon read in the same snapshot.
 * Unnamed, so planned for its MFA and cursor on every call: a generic plan made while
 * `inbound_message` was small would scan it whole once it has grown (see `namedStatement`).
 */
const FEED_AFTER = `WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon)
  SELECT h.horizon::text AS horizon, EXISTS (
      SELECT 1 FROM inbound_message i
      WHERE i.mfa_id = $1 AND (i.xact_id, i.feed_position) > ($2::xid8, $3::bigint) AND i.xact_id >= h.horizon
        AND ($5::text IS NULL OR i.from_number = $5)
    ) AS held_back, m.* FROM h LEFT JOIN LATERAL (
    SELECT i.message_id, i.code, i.code_service, i.from_number, i.body, i.received_at,
           i.xact_id::text AS xact_id, i.feed_position::text AS feed_position
    FROM inbound_message i
    WHERE i.mfa_id = $1 AND (i.xact_id, i.feed_position) > ($2::xid8, $3::bigint) AND i.xact_id < h.horizon
      AND ($5::text IS NULL OR i.from_number = $5)
      AND NOT EXISTS (SELECT 1 FROM withheld_message w WHERE w.message_id = i.message_id)
    ORDER BY i.xact_id, i.feed_position
    LIMIT $4
  ) m ON true`;

/** Where the feed is final now. */
const HORIZON = namedStatement(
  'feed.horizon',
  'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon',
);

/**
 * Reads the bot feed over `inbound_message` (written by the inbound webhook), leaving out the texts
 * `withheld_message` lists (they came while the subscription was expired), and writes
 * `message_claim`. Each read computes the horizon in the same statement (the same snapshot) as the rows.
 * The feed is ordered by the columns themselves (qualified: the text aliases of the select list would
 * order by digits as text, so xid 1000 before 999, and sort every row after the cursor), so the read
 * walks `inbound_message_mfa_xact` and stops at the limit.
 */
@Injectable()
export class FeedMessagesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The MFA's served messages after `after`, oldest first, optionally from one sender. */
  async after(mfaId: string, after: FeedCursor, limit: number, sender?: string): Promise<FeedSlice> {
    const rows: Row[] = await this.dataSource.query(FEED_AFTER, [
      mfaId,
      after.xact,
      after.position,
      limit,
      sender ?? null,
    ]);
    return {
      horizon: rows[0]?.horizon ?? '0',
      heldBack: rows[0]?.held_back ?? false,
      messages: rows
        .filter((row) => row.message_id !== null)
        .map((row) => ({
          messageId: row.message_id as string,
          code: row.code,
          codeService: row.code_service,
          fromNumber: row.from_number,
          body: row.body,
          receivedAt: row.received_at,
          xact: row.xact_id,
          position: row.feed_position,
        })),
    };
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Where the feed is final now: every transaction below this xid has ended. */
  async horizon(): Promise<string> {
    const [row]: Array<{ horizon: string }> = await this.dataSource.query(HORIZON);
    return row?.horizon ?? '0';
  }

  /**
   * Claims the MFA's message for the bot unless someone holds it: the primary key lets exactly one of
   * racing claims insert; a withheld message (its subscription had expired) cannot be claimed. Answers
   * the claim that stands, or undefined when the MFA has no such message.
   */
  async claim(
    mfaId: string,
    messageId: string,
    botId: string,
    at: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<MessageClaim | undefined> {
    const inserted: Array<{ bot_id: string; claimed_at: Date }> = await manager.query(
      `INSERT INTO message_claim (message_id, bot_id, claimed_at)
       SELECT message_id, $3, $4 FROM inbound_message m WHERE message_id = $1 AND mfa_id = $2
         AND NOT EXISTS (SELECT 1 FROM withheld_message w WHERE w.message_id = m.message_id)
       ON CONFLICT (message_id) DO NOTHING
       RETURNING bot_id, claimed_at`,
      [messageId, mfaId, botId, at],
    );
    const standing: Array<{ bot_id: string | null; claimed_at: Date | null }> = inserted.length
      ? inserted
      : await manager.query(
          `SELECT c.bot_id, c.claimed_at FROM inbound_message m
           LEFT JOIN message_claim c ON c.message_id = m.message_id
           WHERE m.message_id = $1 AND m.mfa_id = $2`,
          [messageId, mfaId],
        );
    const [row] = standing;
    if (!row?.bot_id || !row.claimed_at) return undefined;
    return { messageId, botId: row.bot_id, claimedAt: row.claimed_at };
  }
}
