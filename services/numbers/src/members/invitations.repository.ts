import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** An invitation with the member it invites. */
export interface InvitationRow {
  invitationId: string;
  memberId: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
}

/** The `member_invitation` table; every call runs in the caller's transaction. */
export abstract class InvitationsRepository {
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
