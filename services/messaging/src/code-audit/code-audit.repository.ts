import type { CodeAuditEntry } from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

interface TextRow {
  message_id: string;
  from_number: string;
  received_at: Date;
  code: string | null;
  body: string | null;
  code_service: string | null;
  had_code: boolean;
}

/** Rows of one text: its message id, then the columns of that list. */
type Of<T> = T & { message_id: string };

const iso = (at: Date | null) => at?.toISOString() ?? null;

function byText<T extends { message_id: string }>(rows: T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.message_id, [...(grouped.get(row.message_id) ?? []), row]);
  return grouped;
}

/**
 * Reads what happened to an MFA's texts: the owner's reveals (`code_reveal`, written here), the
 * members' forwards (`forward`), the destinations' deliveries (`destination_delivery`) and what its
 * bots did (`bot_message_action`, and `message_claim` for claims made before that table).
 */
@Injectable()
export class CodeAuditRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async ownerOf(mfaId: string): Promise<string | null | undefined> {
    const [row]: Array<{ user_id: string | null }> = await this.dataSource.query(
      'SELECT user_id FROM mfa_view WHERE mfa_id = $1',
      [mfaId],
    );
    return row ? row.user_id : undefined;
  }

  /** The text's code and body (null once its retention period deleted them); undefined: not this MFA's. */
  async text(mfaId: string, messageId: string): Promise<Pick<TextRow, 'code' | 'body'> | undefined> {
    const [row]: TextRow[] = await this.dataSource.query(
      'SELECT code, body FROM inbound_message WHERE message_id = $1 AND mfa_id = $2',
      [messageId, mfaId],
    );
    return row;
  }

  async recordReveal(reveal: {
    revealId: string;
    messageId: string;
    mfaId: string;
    userId: string;
    revealedBy: string;
    at: Date;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO code_reveal (reveal_id, message_id, mfa_id, user_id, revealed_by, revealed_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [reveal.revealId, reveal.messageId, reveal.mfaId, reveal.userId, reveal.revealedBy, reveal.at],
    );
  }

  /** The MFA's newest `limit` texts received before `before` (all when absent), newest first. */
  async entries(mfaId: string, limit: number, before: Date | undefined): Promise<CodeAuditEntry[]> {
    const texts: TextRow[] = await this.dataSource.query(
      `SELECT message_id, from_number, received_at, code_service,
              (code IS NOT NULL OR code_service IS NOT NULL) AS had_code
         FROM inbound_message
        WHERE mfa_id = $1 AND ($3::timestamptz IS NULL OR received_at < $3)
        ORDER BY received_at DESC, feed_position DESC LIMIT $2`,
      [mfaId, limit, before ?? null],
    );
    if (!texts.length) return [];
    const ids = [texts.map((text) => text.message_id)];
    const [members, destinations, reveals, bots] = await Promise.all([
      this.dataSource.query(
        `SELECT message_id, member_id, first_name, last_name, medium, status, sent_at FROM forward
          WHERE message_id = ANY($1::uuid[]) ORDER BY first_name, last_name, medium`,
        ids,
      ) as Promise<
        Of<{
          member_id: string;
          first_name: string;
          last_name: string;
          medium: 'EMAIL' | 'SMS';
          status: 'queued' | 'sent' | 'delivered' | 'failed';
          sent_at: Date | null;
        }>[]
      >,
      this.dataSource.query(
        `SELECT d.message_id, d.destination_id, t.name, t.kind, d.status, d.delivered_at
           FROM destination_delivery d JOIN destination t USING (destination_id)
          WHERE d.message_id = ANY($1::uuid[]) ORDER BY t.name`,
        ids,
      ) as Promise<
        Of<{
          destination_id: string;
          name: string;
          kind: 'slack' | 'webhook';
          status: 'queued' | 'retrying' | 'delivered' | 'failed';
          delivered_at: Date | null;
        }>[]
      >,
      this.dataSource.query(
        `SELECT message_id, user_id, revealed_by, revealed_at FROM code_reveal
          WHERE message_id = ANY($1::uuid[]) ORDER BY revealed_at`,
        ids,
      ) as Promise<Of<{ user_id: string; revealed_by: string; revealed_at: Date }>[]>,
      this.dataSource.query(
        `SELECT message_id, bot_id, action, at FROM bot_message_action WHERE message_id = ANY($1::uuid[])
         UNION
         SELECT c.message_id, c.bot_id, 'claimed', c.claimed_at FROM message_claim c
          WHERE c.message_id = ANY($1::uuid[]) AND NOT EXISTS (
            SELECT 1 FROM bot_message_action a
             WHERE a.message_id = c.message_id AND a.bot_id = c.bot_id AND a.action = 'claimed')
         ORDER BY at`,
        ids,
      ) as Promise<Of<{ bot_id: string; action: 'read' | 'waited' | 'claimed'; at: Date }>[]>,
    ]);
    const [membersOf, destinationsOf, revealsOf, botsOf] = [members, destinations, reveals, bots].map(
      (rows) => byText<{ message_id: string }>(rows),
    ) as [
      Map<string, typeof members>,
      Map<string, typeof destinations>,
      Map<string, typeof reveals>,
      Map<string, typeof bots>,
    ];
    return texts.map((text) => ({
      messageId: text.message_id,
      sender: text.from_number,
      receivedAt: text.received_at.toISOString(),
      codeService: text.code_service,
      hadCode: text.had_code,
      members: (membersOf.get(text.message_id) ?? []).map((row) => ({
        memberId: row.member_id,
        firstName: row.first_name,
        lastName: row.last_name,
        channel: row.medium,
        status: row.status,
        at: iso(row.sent_at),
      })),
      destinations: (destinationsOf.get(text.message_id) ?? []).map((row) => ({
        destinationId: row.destination_id,
        name: row.name,
        kind: row.kind,
        status: row.status,
        at: iso(row.delivered_at),
      })),
      reveals: (revealsOf.get(text.message_id) ?? []).map((row) => ({
        userId: row.user_id,
        revealedBy: row.revealed_by,
        at: row.revealed_at.toISOString(),
      })),
      bots: (botsOf.get(text.message_id) ?? []).map((row) => ({
        botId: row.bot_id,
        action: row.action,
        at: row.at.toISOString(),
      })),
    }));
  }
}
