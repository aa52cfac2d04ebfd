import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type MfaRow, type MfaView, mfaOwningNumber, toMfa } from '../directory/directory.repository.js';
import type { InboundMessage } from './inbound-message.record.js';

/**
 * Stores a text once per MessageSid ($2) as the text of the MFA that owns its number ($3) now, looked up
 * in the same statement: answers the owner's row (all null: nobody owns it) and the stored text's
 * position (null: it was stored before).
 */
const INSERT_FOR_OWNER = namedStatement(
  'inbound.insert-for-owner',
  `WITH owner AS MATERIALIZED (${mfaOwningNumber('$3')}),
  inserted AS (
    INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code,
                                 code_service, received_at)
    SELECT $1, $2, owner.mfa_id, owner.mfa_type, $3, $4, $5, $6, $7, $8
      FROM (SELECT 1) AS text LEFT JOIN owner ON true
    ON CONFLICT (message_sid) DO NOTHING RETURNING feed_position, xact_id::text AS xact_id)
  SELECT owner.*, inserted.feed_position, inserted.xact_id
    FROM (SELECT 1) AS text LEFT JOIN owner ON true LEFT JOIN inserted ON true`,
);

/** The `inbound_message` table (written here; the bot feed reads it too). */
@Injectable()
export class InboundMessagesRepository {
  /**
   * Stores a text once per MessageSid, as the text of the MFA that owns its number now
   * (`mfaOwningNumber`, in the same statement): the owner (undefined: nobody), and the text's
   * position (null when it was stored before). A concurrent insert of the same MessageSid waits for
   * the first to commit, then finds it there.
   */
  async insertForOwner(
    manager: EntityManager,
    message: Omit<InboundMessage, 'feedPosition' | 'mfaId' | 'mfaType'>,
  ): Promise<{ mfa: MfaView | undefined; inserted: { feedPosition: string; xact: string } | null }> {
    const [row]: Array<MfaRow & { feed_position: string | null; xact_id: string | null }> =
      await manager.query(INSERT_FOR_OWNER, [
        message.messageId,
        message.messageSid,
        message.toNumber,
        message.fromNumber,
        message.body,
        message.code,
        message.codeService,
        message.receivedAt,
      ]);
    return {
      mfa: row?.mfa_id ? toMfa(row) : undefined,
      // The inserted text's columns are null when it was stored before.
      inserted: row?.xact_id ? { feedPosition: String(row.feed_position), xact: row.xact_id } : null,
    };
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
