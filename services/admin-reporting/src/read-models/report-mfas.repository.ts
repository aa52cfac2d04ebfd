import type {
  botCreated,
  memberAdded,
  memberVerified,
  mfaCreated,
  mfaUpdated,
  numberAssigned,
  PayloadOf,
} from '@multimfa/events';
import type { EntityManager } from 'typeorm';

/** The MFA as its latest event describes it (created and updated carry the whole state). */
export type MfaState = PayloadOf<typeof mfaCreated> | PayloadOf<typeof mfaUpdated>;
export type MemberState = PayloadOf<typeof memberAdded> | PayloadOf<typeof memberVerified>;

/**
 * The MFAs read model and every row that names an MFA: `report_mfa`, `report_number_assignment`,
 * `report_member`, `report_bot`, and `report_deleted_mfa` (an MFA deleted stays deleted: no write
 * brings a row of it back). Written in the transaction of the event applied, under `lock`.
 */
export class ReportMfasRepository {
  /**
   * Holds the MFA until the transaction ends. Its deletion and every row that names it take this lock
   * first, so neither misses the other: without it, an assignment read on one topic while the deletion
   * is applied from another finds no deletion yet, and the deletion finds no assignment to remove.
   * It is a statement of its own: a statement that waited for it inside would keep the snapshot it
   * started with and still not see the deletion.
   */
  async lock(manager: EntityManager, mfaId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`report-mfa:${mfaId}`]);
  }

  /**
   * Writes the MFA unless it was deleted; `createdAt` null keeps the creation time already stored
   * (`occurredAt` stands in when there is none yet), and a null number keeps the one stored.
   */
  async upsert(
    manager: EntityManager,
    mfa: MfaState,
    createdAt: string | null,
    occurredAt: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO report_mfa (mfa_id, mfa_type, user_id, name, plan_id, plan_name, number, is_active,
                               is_subscription_active, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10::timestamptz, $11::timestamptz)
        WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $1)
       ON CONFLICT (mfa_id) DO UPDATE SET
         name = EXCLUDED.name, plan_id = EXCLUDED.plan_id, plan_name = EXCLUDED.plan_name,
         number = COALESCE(EXCLUDED.number, report_mfa.number), is_active = EXCLUDED.is_active,
         is_subscription_active = EXCLUDED.is_subscription_active,
         created_at = CASE WHEN $10::timestamptz IS NULL THEN report_mfa.created_at ELSE EXCLUDED.created_at END`,
      [
        mfa.mfaId,
        mfa.MFAType,
        mfa.userId,
        mfa.name,
        mfa.plan.planId,
        mfa.plan.planName,
        mfa.number,
        mfa.isActive,
        mfa.isSubscriptionActive,
        createdAt,
        occurredAt,
      ],
    );
  }

  /**
   * Records the MFA as deleted (once), then removes its row and every row that names it: its number
   * assignment, members and bots.
   */
  async delete(manager: EntityManager, mfaId: string, deletedAt: string): Promise<void> {
    await manager.query(
      'INSERT INTO report_deleted_mfa (mfa_id, deleted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [mfaId, deletedAt],
    );
    for (const table of ['report_mfa', 'report_number_assignment', 'report_member', 'report_bot'])
      await manager.query(`DELETE FROM ${table} WHERE mfa_id = $1`, [mfaId]);
  }

  /** The MFA's number, the latest assignment replacing an earlier one; nothing for a deleted MFA. */
  async assignNumber(manager: EntityManager, assignment: PayloadOf<typeof numberAssigned>): Promise<void> {
    await manager.query(
      `INSERT INTO report_number_assignment (mfa_id, number, assigned_at)
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $1)
       ON CONFLICT (mfa_id) DO UPDATE SET number = EXCLUDED.number, assigned_at = EXCLUDED.assigned_at`,
      [assignment.mfaId, assignment.number, assignment.assignedAt],
    );
  }

  /** The member as its latest event describes it, created `at` if new; nothing for a deleted MFA. */
  async upsertMember(manager: EntityManager, member: MemberState, at: string): Promise<void> {
    await manager.query(
      `INSERT INTO report_member (member_id, mfa_id, user_id, first_name, last_name, mobile_no, email,
                                  forward_medium, status, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
        WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $2)
       ON CONFLICT (member_id) DO UPDATE SET
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, mobile_no = EXCLUDED.mobile_no,
         email = EXCLUDED.email, forward_medium = EXCLUDED.forward_medium, status = EXCLUDED.status`,
      [
        member.memberId,
        member.mfaId,
        member.userId,
        member.firstName,
        member.lastName,
        member.mobileNo,
        member.email,
        member.forwardMedium,
        member.status,
        at,
      ],
    );
  }

  async removeMember(manager: EntityManager, memberId: string): Promise<void> {
    await manager.query('DELETE FROM report_member WHERE member_id = $1', [memberId]);
  }

  /** The bot as created (once); nothing for a deleted MFA. */
  async insertBot(manager: EntityManager, bot: PayloadOf<typeof botCreated>): Promise<void> {
    await manager.query(
      `INSERT INTO report_bot (bot_id, mfa_id, user_id, reference_name, is_active, created_at)
       SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM report_deleted_mfa WHERE mfa_id = $2)
       ON CONFLICT (bot_id) DO NOTHING`,
      [bot.botId, bot.mfaId, bot.userId, bot.referenceName, bot.isActive, bot.createdAt],
    );
  }

  async removeBot(manager: EntityManager, botId: string): Promise<void> {
    await manager.query('DELETE FROM report_bot WHERE bot_id = $1', [botId]);
  }
}
