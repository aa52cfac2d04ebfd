import { randomUUID } from 'node:crypto';
import type { HeldMessage } from '@multimfa/api-contract';
import { namedStatement } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { RoutingRule } from './routing.rules.js';

/** A held text, with its MultiMFA and owner, locked for its decision. */
export interface HeldText {
  messageId: string;
  mfaId: string;
  userId: string | null;
  sender: string;
  service: string | null;
  toNumber: string;
}

/**
 * An MFA's routing in one statement: whether it holds unknown senders (false without a setting row),
 * on every row, beside its rules in order (one row of nulls when it has none).
 */
const ROUTING_OF = namedStatement(
  'routing.routing-of',
  `SELECT COALESCE((SELECT s.hold_unknown FROM routing_setting s WHERE s.mfa_id = $1), false) AS hold_unknown,
          r.rule_id, r.match_kind, r.match_value, r.member_ids, r.destination_ids
     FROM (SELECT 1) AS one LEFT JOIN routing_rule r ON r.mfa_id = $1
    ORDER BY r.position`,
);

/** `routing_rule`, `routing_setting` and `held_message`. */
@Injectable()
export class RoutingRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The MFA's routing rules, in order, and whether it holds texts from unknown senders: in the caller's
   * transaction, or on its own (one statement needs none).
   */
  async routingOf(
    mfaId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ holdUnknown: boolean; rules: RoutingRule[] }> {
    const rows: Array<{
      hold_unknown: boolean;
      rule_id: string | null;
      match_kind: 'service' | 'sender';
      match_value: string;
      member_ids: string[];
      destination_ids: string[];
    }> = await manager.query(ROUTING_OF, [mfaId]);
    return {
      holdUnknown: rows[0]?.hold_unknown ?? false,
      rules: rows
        .filter((row) => row.rule_id !== null)
        .map((row) => ({
          ruleId: row.rule_id as string,
          matchKind: row.match_kind,
          matchValue: row.match_value,
          memberIds: row.member_ids,
          destinationIds: row.destination_ids,
        })),
    };
  }

  /** Replaces the MultiMFA's rules and setting (the caller's transaction; the setting row serialises saves). */
  async replace(
    manager: EntityManager,
    mfaId: string,
    holdUnknown: boolean,
    rules: Array<Omit<RoutingRule, 'ruleId'>>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO routing_setting (mfa_id, hold_unknown) VALUES ($1, $2)
       ON CONFLICT (mfa_id) DO UPDATE SET hold_unknown = EXCLUDED.hold_unknown`,
      [mfaId, holdUnknown],
    );
    await manager.query('DELETE FROM routing_rule WHERE mfa_id = $1', [mfaId]);
    for (const [position, rule] of rules.entries()) {
      await manager.query(
        `INSERT INTO routing_rule (rule_id, mfa_id, position, match_kind, match_value, member_ids, destination_ids)
         VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7::uuid[])`,
        [randomUUID(), mfaId, position, rule.matchKind, rule.matchValue, rule.memberIds, rule.destinationIds],
      );
    }
  }

  /** The ids among `ids` that are members of this MultiMFA (messaging's directory, any status). */
  async memberIdsOf(manager: EntityManager, mfaId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows: Array<{ member_id: string }> = await manager.query(
      'SELECT member_id FROM member_view WHERE mfa_id = $1 AND member_id = ANY($2::uuid[])',
      [mfaId, ids],
    );
    return new Set(rows.map((row) => row.member_id));
  }

  async hold(manager: EntityManager, messageId: string, mfaId: string, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO held_message (message_id, mfa_id, held_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [messageId, mfaId, at],
    );
  }

  /** The texts still held for the MultiMFA's owner to decide, oldest first. */
  async heldOf(mfaId: string, limit = 100): Promise<HeldMessage[]> {
    const rows: Array<{
      message_id: string;
      from_number: string;
      received_at: Date;
      has_code: boolean;
      code_service: string | null;
      held_at: Date;
    }> = await this.dataSource.query(
      `SELECT m.message_id, m.from_number, m.received_at, m.code IS NOT NULL AS has_code, m.code_service, h.held_at
         FROM held_message h JOIN inbound_message m ON m.message_id = h.message_id
        WHERE h.mfa_id = $1 AND h.outcome IS NULL ORDER BY h.held_at, m.message_id LIMIT $2`,
      [mfaId, limit],
    );
    return rows.map((row) => ({
      messageId: row.message_id,
      sender: row.from_number,
      receivedAt: row.received_at.toISOString(),
      hasCode: row.has_code,
      codeService: row.code_service,
      heldAt: row.held_at.toISOString(),
    }));
  }

  /**
   * Decides a held text once: it is locked and marked `outcome` unless already decided. The text with
   * its owner when this call decided it, undefined otherwise (not held, or decided before).
   */
  async decide(
    manager: EntityManager,
    messageId: string,
    outcome: 'released' | 'discarded',
    at: Date,
  ): Promise<HeldText | undefined> {
    const [rows] = (await manager.query(
      `UPDATE held_message h SET outcome = $2, decided_at = $3
         FROM inbound_message m LEFT JOIN mfa_view v ON v.mfa_id = m.mfa_id
        WHERE h.message_id = $1 AND h.outcome IS NULL AND m.message_id = h.message_id
        RETURNING h.message_id, h.mfa_id, v.user_id, m.from_number, m.code_service, m.to_number`,
      [messageId, outcome, at],
    )) as [
      Array<{
        message_id: string;
        mfa_id: string;
        user_id: string | null;
        from_number: string;
        code_service: string | null;
        to_number: string;
      }>,
      number,
    ];
    const [row] = rows;
    return row
      ? {
          messageId: row.message_id,
          mfaId: row.mfa_id,
          userId: row.user_id,
          sender: row.from_number,
          service: row.code_service,
          toNumber: row.to_number,
        }
      : undefined;
  }
}
