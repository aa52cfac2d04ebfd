import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { InvitationsSent } from './invitation-limits.rules.js';

/** An invitation with the member it invites. */
export interface InvitationRow {
  invitationId: string;
  memberId: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
}

/** One invitation sent, as the daily limits count it. */
export interface InvitationSend {
  invitationId: string;
  userId: string;
  mfaId: string;
  memberId: string;
  sentAt: Date;
}

/**
 * The `member_invitation` table, and `member_invitation_send` (every invitation sent, for the daily
 * limits); every call runs in the caller's transaction.
 */
export abstract class InvitationsRepository {
  /**
   * Serialises the owner's invitation sends until the transaction ends (on every replica: a
   * PostgreSQL advisory lock), so two sends racing for the last one of a limit are counted one after
   * the other.
   */
  abstract lockSendsOf(manager: EntityManager, userId: string): Promise<void>;
  /** The owner's invitations sent after `since`: to the member, of the MultiMFA, in all. */
  abstract sentSince(
    manager: EntityManager,
    scope: { userId: string; mfaId: string; memberId: string },
    since: Date,
  ): Promise<InvitationsSent>;
  /** Records a send, and forgets the owner's sends from before `forgetBefore` (no longer counted). */
  abstract recordSend(manager: EntityManager, send: InvitationSend, forgetBefore: Date): Promise<void>;
  /** Replaces the member's unanswered invitations with this one. */
  abstract replace(
    manager: EntityManager,
    invitation: { invitationId: string; memberId: string; tokenHash: string; expiresAt: Date },
  ): Promise<void>;
  /** The invitation of this token hash, locked when `lock` (for answering it). */
  abstract byTokenHash(
    manager: EntityManager,
    tokenHash: string,
    lock: boolean,
  ): Promise<InvitationRow | undefined>;
  abstract byId(manager: EntityManager, invitationId: string): Promise<InvitationRow | undefined>;
  abstract answer(
    manager: EntityManager,
    invitationId: string,
    answer: 'accepted' | 'rejected',
    at: Date,
  ): Promise<void>;
}

const SELECT = `SELECT invitation_id AS "invitationId", member_id AS "memberId", expires_at AS "expiresAt",
                       accepted_at AS "acceptedAt", rejected_at AS "rejectedAt"
                  FROM member_invitation`;

@Injectable()
export class SqlInvitationsRepository extends InvitationsRepository {
  async lockSendsOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('member-invitations:' || $1, 0))`, [
      userId,
    ]);
  }

  async sentSince(
    manager: EntityManager,
    scope: { userId: string; mfaId: string; memberId: string },
    since: Date,
  ): Promise<InvitationsSent> {
    const rows: InvitationsSent[] = await manager.query(
      `SELECT count(*) FILTER (WHERE member_id = $2)::int AS member,
              count(*) FILTER (WHERE mfa_id = $3)::int AS mfa,
              count(*)::int AS customer
         FROM member_invitation_send
        WHERE user_id = $1 AND sent_at > $4`,
      [scope.userId, scope.memberId, scope.mfaId, since],
    );
    return rows[0] ?? { member: 0, mfa: 0, customer: 0 };
  }

  async recordSend(manager: EntityManager, send: InvitationSend, forgetBefore: Date): Promise<void> {
    await manager.query('DELETE FROM member_invitation_send WHERE user_id = $1 AND sent_at <= $2', [
      send.userId,
      forgetBefore,
    ]);
    await manager.query(
      `INSERT INTO member_invitation_send (invitation_id, user_id, mfa_id, member_id, sent_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [send.invitationId, send.userId, send.mfaId, send.memberId, send.sentAt],
    );
  }

  async replace(
    manager: EntityManager,
    invitation: { invitationId: string; memberId: string; tokenHash: string; expiresAt: Date },
  ): Promise<void> {
    await manager.query(
      'DELETE FROM member_invitation WHERE member_id = $1 AND accepted_at IS NULL AND rejected_at IS NULL',
      [invitation.memberId],
    );
    await manager.query(
      `INSERT INTO member_invitation (invitation_id, member_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [invitation.invitationId, invitation.memberId, invitation.tokenHash, invitation.expiresAt],
    );
  }

  async byTokenHash(
    manager: EntityManager,
    tokenHash: string,
    lock: boolean,
  ): Promise<InvitationRow | undefined> {
    const rows: InvitationRow[] = await manager.query(
      `${SELECT} WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return rows[0];
  }

  async byId(manager: EntityManager, invitationId: string): Promise<InvitationRow | undefined> {
    const rows: InvitationRow[] = await manager.query(`${SELECT} WHERE invitation_id = $1 FOR UPDATE`, [
      invitationId,
    ]);
    return rows[0];
  }

  async answer(
    manager: EntityManager,
    invitationId: string,
    answer: 'accepted' | 'rejected',
    at: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE member_invitation SET ${answer === 'accepted' ? 'accepted_at' : 'rejected_at'} = $2 WHERE invitation_id = $1`,
      [invitationId, at],
    );
  }
}
