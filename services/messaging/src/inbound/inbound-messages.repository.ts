import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InboundMessage } from './inbound-message.record.js';

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
    const rows: Array<{ feed_position: string; xact_id: string }> = await manager.query(
      `INSERT INTO inbound_message (message_id, message_sid, mfa_id, mfa_type, to_number, from_number, body, code,
                                    code_service, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (message_sid) DO NOTHING RETURNING feed_position, xact_id::text AS xact_id`,
      [
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
      ],
    );
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

  async idOfSid(manager: EntityManager, messageSid: string): Promise<string | undefined> {
    const [row]: Array<{ message_id: string }> = await manager.query(
      'SELECT message_id FROM inbound_message WHERE message_sid = $1',
      [messageSid],
    );
    return row?.message_id;
  }
}
