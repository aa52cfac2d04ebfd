import type { mfaCreated, PayloadOf } from '@multimfa/events';
import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** An MFA as messaging knows it from numbers' events (`mfa_view`). */
export interface MfaView {
  mfaId: string;
  mfaType: 'MultiMFA' | 'RoboMFA' | null;
  userId: string | null;
  subscriptionId: string | null;
  name: string | null;
  number: string | null;
  isSubscriptionActive: boolean;
  isActive: boolean;
  /** Since when it holds `number` (null: not known, or no number). */
  numberSince: Date | null;
}

export type ForwardMedium = 'EMAIL' | 'MOBILE_NUMBER' | 'BOTH';

/** A member as messaging knows it (`member_view`). */
export interface MemberView {
  memberId: string;
  mfaId: string;
  firstName: string;
  lastName: string;
  mobileNo: string;
  email: string;
  forwardMedium: ForwardMedium;
  status: 'AWAITING_INVITE' | 'INVITE_SENT' | 'VERIFIED';
}

type MfaState = Omit<PayloadOf<typeof mfaCreated>, 'purchaseId' | 'createdAt'>;

/** A row of `mfa_view` as `mfaOwningNumber` reads it. */
export interface MfaRow {
  mfa_id: string;
  mfa_type: MfaView['mfaType'];
  user_id: string | null;
  subscription_id: string | null;
  name: string | null;
  number: string | null;
  is_subscription_active: boolean;
  is_active: boolean;
  number_since: Date | null;
}

interface MemberRow {
  member_id: string;
  mfa_id: string;
  first_name: string;
  last_name: string;
  mobile_no: string;
  email: string;
  forward_medium: ForwardMedium;
  status: MemberView['status'];
}

export const toMfa = (row: MfaRow): MfaView => ({
  mfaId: row.mfa_id,
  mfaType: row.mfa_type,
  userId: row.user_id,
  subscriptionId: row.subscription_id,
  name: row.name,
  number: row.number,
  isSubscriptionActive: row.is_subscription_active,
  isActive: row.is_active,
  numberSince: row.number_since,
});

const toMember = (row: MemberRow): MemberView => ({
  memberId: row.member_id,
  mfaId: row.mfa_id,
  firstName: row.first_name,
  lastName: row.last_name,
  mobileNo: row.mobile_no,
  email: row.email,
  forwardMedium: row.forward_medium,
  status: row.status,
});

/** The MFA that owns the number `param` now: the one that got it last, should the view hold an older owner. */
export const mfaOwningNumber = (param: string) =>
  `SELECT mfa_id, mfa_type, user_id, subscription_id, name, number, is_subscription_active, is_active,
       number_since
  FROM mfa_view WHERE number = ${param} ORDER BY updated_at DESC LIMIT 1`;

const MFA_BY_NUMBER = namedStatement('directory.mfa-by-number', mfaOwningNumber('$1'));

/** An MFA's VERIFIED members, in a stable order. */
const VERIFIED_MEMBERS = namedStatement(
  'directory.verified-members',
  `SELECT member_id, mfa_id, first_name, last_name, mobile_no, email, forward_medium, status
  FROM member_view WHERE mfa_id = $1 AND status = 'VERIFIED' ORDER BY member_id`,
);

/**
 * The `mfa_view` and `member_view` tables. Every write is an upsert of the state an event carries, so
 * applying an event twice changes nothing; a number assigned before its MFA's creation was seen (two
 * topics) is kept when the creation arrives with no number, and a number that left the MFA
 * (`number_departure`) is not given back by an MFA event that was written before it left.
 */
@Injectable()
export class DirectoryRepository {
  /** `numberSince`: since when the MFA holds the number it carries (its creation), if it carries one. */
  async upsertMfa(manager: EntityManager, mfa: MfaState, numberSince?: Date): Promise<void> {
    const number = mfa.number && !(await this.departed(manager, mfa.mfaId, mfa.number)) ? mfa.number : null;
    await manager.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, subscription_id, name, number, is_subscription_active,
                             is_active, number_since, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $6::varchar IS NULL THEN NULL ELSE $9::timestamptz END,
               now())
       ON CONFLICT (mfa_id) DO UPDATE SET
         mfa_type = EXCLUDED.mfa_type, user_id = EXCLUDED.user_id, subscription_id = EXCLUDED.subscription_id,
         name = EXCLUDED.name, number = COALESCE(EXCLUDED.number, mfa_view.number),
         number_since = COALESCE(mfa_view.number_since, EXCLUDED.number_since),
         is_subscription_active = EXCLUDED.is_subscription_active, is_active = EXCLUDED.is_active,
         updated_at = now()`,
      [
        mfa.mfaId,
        mfa.MFAType,
        mfa.userId,
        mfa.subscriptionId,
        mfa.name,
        number,
        mfa.isSubscriptionActive,
        mfa.isActive,
        numberSince ?? null,
      ],
    );
  }

  async assignNumber(
    manager: EntityManager,
    assignment: {
      mfaId: string;
      number: string;
      MFAType: 'MultiMFA' | 'RoboMFA';
      userId: string;
      assignedAt: string;
    },
  ): Promise<void> {
    await manager.query('DELETE FROM number_departure WHERE mfa_id = $1 AND number = $2', [
      assignment.mfaId,
      assignment.number,
    ]);
    await manager.query(
      `INSERT INTO mfa_view (mfa_id, mfa_type, user_id, number, number_since) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (mfa_id) DO UPDATE SET
         number = EXCLUDED.number, updated_at = now(),
         number_since = CASE WHEN mfa_view.number IS NOT DISTINCT FROM EXCLUDED.number
                             THEN LEAST(mfa_view.number_since, EXCLUDED.number_since)
                             ELSE EXCLUDED.number_since END`,
      [assignment.mfaId, assignment.MFAType, assignment.userId, assignment.number, assignment.assignedAt],
    );
  }

  /**
   * The number left its MFA (quarantined, or released after that): no MFA holds it any more, and no
   * later event about the MFA that held it gives it back. `fromMfaId` is recorded even when the view
   * never had the number (an MFA event carrying it may still come).
   */
  async numberLeft(manager: EntityManager, number: string, fromMfaId: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO number_departure (mfa_id, number)
       SELECT mfa_id, number FROM mfa_view WHERE number = $1
       UNION SELECT $2::uuid, $1 WHERE $2::uuid IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [number, fromMfaId],
    );
    await manager.query(
      'UPDATE mfa_view SET number = NULL, number_since = NULL, updated_at = now() WHERE number = $1',
      [number],
    );
  }

  /** An administrator deleted the MFA: it owns no number and has no members any more. */
  async mfaDeleted(manager: EntityManager, mfaId: string, number: string | null): Promise<void> {
    if (number) await this.numberLeft(manager, number, mfaId);
    await manager.query(
      'UPDATE mfa_view SET number = NULL, number_since = NULL, is_active = false, updated_at = now() WHERE mfa_id = $1',
      [mfaId],
    );
    await manager.query('DELETE FROM member_view WHERE mfa_id = $1', [mfaId]);
  }

  private async departed(manager: EntityManager, mfaId: string, number: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM number_departure WHERE mfa_id = $1 AND number = $2',
      [mfaId, number],
    );
    return rows.length > 0;
  }

  async upsertMember(manager: EntityManager, member: MemberView): Promise<void> {
    await manager.query(
      `INSERT INTO member_view (member_id, mfa_id, first_name, last_name, mobile_no, email, forward_medium, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (member_id) DO UPDATE SET
         first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, mobile_no = EXCLUDED.mobile_no,
         email = EXCLUDED.email, forward_medium = EXCLUDED.forward_medium, status = EXCLUDED.status`,
      [
        member.memberId,
        member.mfaId,
        member.firstName,
        member.lastName,
        member.mobileNo,
        member.email,
        member.forwardMedium,
        member.status,
      ],
    );
  }

  async removeMember(manager: EntityManager, memberId: string): Promise<void> {
    await manager.query('DELETE FROM member_view WHERE member_id = $1', [memberId]);
  }

  /** The MFA that owns `number` now: the one that got it last, should the view hold an older owner. */
  async mfaByNumber(manager: EntityManager, number: string): Promise<MfaView | undefined> {
    const [row]: MfaRow[] = await manager.query(MFA_BY_NUMBER, [number]);
    return row ? toMfa(row) : undefined;
  }

  /** The members an MFA's texts go to: the VERIFIED ones, in a stable order. */
  async verifiedMembers(manager: EntityManager, mfaId: string): Promise<MemberView[]> {
    const rows: MemberRow[] = await manager.query(VERIFIED_MEMBERS, [mfaId]);
    return rows.map(toMember);
  }

  async mfa(manager: EntityManager, mfaId: string): Promise<MfaView | undefined> {
    const [row]: MfaRow[] = await manager.query(
      `SELECT mfa_id, mfa_type, user_id, subscription_id, name, number, is_subscription_active, is_active,
              number_since
         FROM mfa_view WHERE mfa_id = $1`,
      [mfaId],
    );
    return row ? toMfa(row) : undefined;
  }
}
