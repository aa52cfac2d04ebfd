import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InboundMessage } from './inbound-message.record.js';

/** Stores a text once per MessageSid; answers its feed position and transaction, or nothing if stored before. */
const INSERT_MESSAGE = namedStatement(
  'inbound.insert',
  `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code,
                               code_service, received_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  ON CONFLICT (message_sid) DO NOTHING RETURNING feed_position, xact_id::text AS xact_id`,
);

/** The `inbound_message` table (written here; the bot feed reads it too). */
@Injectable()
export class InboundMessagesRepository {
  /**
   * Stores a text once per MessageSid: null when it was stored before. A concurrent insert of the same
   * MessageSid waits for the first to commit, then finds it there.
   */
  async insert(
    manager: EntityManager,
    message: Omit<InboundMessage, 'feedPosition'>,
  ): Promise<{ feedPosition: string; xact: string } | null> {
    const rows: Array<{ feed_position: string; xact_id: string }> = await manager.query(INSERT_MESSAGE, [
      message.messageId,
      message.messageSid,
      message.mfaId,
      message.mfaType,
      message.toNumber,
      message.fromNumber,
      message.body,
      message.code,
      message.codeService,
      message.receivedAt,
    ]);
    const [row] = rows;
    return row ? { feedPosition: String(row.feed_position), xact: row.xact_id } : null;
  }

  /** The text came while its MFA's subscription was not active: never served to bots. */
  async withhold(manager: EntityManager, messageId: string, at: Date): Promise<void> {
    await manager.query(
      'INSERT INTO withheld_message (message_id, withheld_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [messageId, at],
    );
  }

  /** Which of these MessageSids are stored. */
  async storedSids(manager: EntityManager, messageSids: string[]): Promise<Set<string>> {
    const rows: Array<{ message_sid: string }> = await manager.query(
      'SELECT message_sid FROM inbound_message WHERE message_sid = ANY($1::text[])',
      [messageSids],
    );
    return new Set(rows.map((row) => row.message_sid));
  }

  async idOfSid(manager: EntityManager, messageSid: string): Promise<string | undefined> {
    const [row]: Array<{ message_id: string }> = await manager.query(
      'SELECT message_id FROM inbound_message WHERE message_sid = $1',
      [messageSid],
    );
    return row?.message_id;
  }

  /**
   * Texts of the last day stored as nobody's that the MFA now holding their number received after it
   * got the number (messaging learned of the MFA late), and whose MFA may be forwarded to: their ids,
   * oldest first. Driven by the recent unowned texts (a few), not by every MFA with a number.
   */
  async adoptable(manager: EntityManager, limit: number): Promise<string[]> {
    const rows: Array<{ message_id: string }> = await manager.query(
      `SELECT m.message_id FROM inbound_message m
         JOIN mfa_view v ON v.number = m.to_number
        WHERE m.mfa_id IS NULL AND m.received_at > now() - interval '1 day'
          AND v.number_since IS NOT NULL AND m.received_at >= v.number_since
          AND v.is_active AND v.is_subscription_active
        ORDER BY m.received_at, m.feed_position LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.message_id);
  }

  /** The text, locked until the transaction ends, if it is still nobody's. */
  async lockUnowned(
    manager: EntityManager,
    messageId: string,
  ): Promise<Omit<InboundMessage, 'feedPosition'> | undefined> {
    const [row]: Array<Record<string, unknown>> = await manager.query(
      `SELECT message_id, message_sid, to_number, from_number, body, code, code_service, received_at
         FROM inbound_message WHERE message_id = $1 AND mfa_id IS NULL FOR UPDATE`,
      [messageId],
    );
    if (!row) return undefined;
    return {
      messageId: row.message_id as string,
      messageSid: row.message_sid as string,
      mfaId: null,
      mfaType: null,
      toNumber: row.to_number as string,
      fromNumber: row.from_number as string,
      body: row.body as string,
      code: row.code as string | null,
      codeService: row.code_service as string | null,
      receivedAt: row.received_at as Date,
    };
  }

  /**
   * Gives the text to its MFA, as a new entry of the MFA's bot feed (this transaction's id and the next
   * feed position, so a bot reading on from its cursor gets it).
   */
  async adopt(
    manager: EntityManager,
    messageId: string,
    mfa: { mfaId: string; mfaType: 'MultiMFA' | 'RoboMFA' | null },
  ): Promise<{ feedPosition: string; xact: string }> {
    const [rows] = (await manager.query(
      `UPDATE inbound_message SET mfa_id = $2, mfa_type = $3, xact_id = pg_current_xact_id(),
              feed_position = nextval(pg_get_serial_sequence('inbound_message', 'feed_position'))
        WHERE message_id = $1
        RETURNING feed_position::text AS feed_position, xact_id::text AS xact_id`,
      [messageId, mfa.mfaId, mfa.mfaType],
    )) as [Array<{ feed_position: string; xact_id: string }>, number];
    const row = rows[0];
    if (!row) throw new Error(`inbound message ${messageId} vanished while it was adopted`);
    return { feedPosition: row.feed_position, xact: row.xact_id };
  }
}
