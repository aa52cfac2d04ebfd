import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface RoboMfaMessageRow {
  messageId: string;
  sender: string;
  receivedAt: Date;
  /** Whether the text holds a code (it and the body are shown only through a recorded reveal). */
  hasCode: boolean;
  codeService: string | null;
  withheld: boolean;
}

/** A RoboMFA's texts as its owner's page lists them (`inbound_message`, `withheld_message`, `mfa_view`). */
@Injectable()
export class RoboMfaMessagesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The owner of the RoboMFA; undefined when messaging knows no RoboMFA of that id. */
  async ownerOf(mfaId: string): Promise<string | null | undefined> {
    const [row]: Array<{ user_id: string | null }> = await this.dataSource.query(
      `SELECT user_id FROM mfa_view WHERE mfa_id = $1 AND mfa_type = 'RoboMFA'`,
      [mfaId],
    );
    return row ? row.user_id : undefined;
  }

  /** The newest `limit` texts of the MFA, newest first, each with whether it was withheld from bots. */
  async recent(mfaId: string, limit: number): Promise<RoboMfaMessageRow[]> {
    const rows: Array<{
      message_id: string;
      from_number: string;
      received_at: Date;
      has_code: boolean;
      code_service: string | null;
      withheld: boolean;
    }> = await this.dataSource.query(
      `SELECT m.message_id, m.from_number, m.received_at, m.code IS NOT NULL AS has_code, m.code_service,
              EXISTS (SELECT 1 FROM withheld_message w WHERE w.message_id = m.message_id) AS withheld
         FROM inbound_message m
        WHERE m.mfa_id = $1 ORDER BY m.feed_position DESC LIMIT $2`,
      [mfaId, limit],
    );
    return rows.map((row) => ({
      messageId: row.message_id,
      sender: row.from_number,
      receivedAt: row.received_at,
      hasCode: row.has_code,
      codeService: row.code_service,
      withheld: row.withheld,
    }));
  }
}
