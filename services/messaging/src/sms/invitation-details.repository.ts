import type { ForwardMedium } from '@multimfa/api-contract';
import type { invitationSent, PayloadOf } from '@multimfa/events';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What an invitation's e-mail and SMS name: the team, its number, the inviter, and how codes will come. */
export interface InvitationDetail {
  /** Null when messaging does not know the MultiMFA (yet): the texts say "a MultiMFA team". */
  teamName: string | null;
  teamNumber: string | null;
  /** The owner's first and last name, null when messaging does not know the owner. */
  inviterName: string | null;
  forwardMedium: ForwardMedium;
}

interface Row {
  team_name: string | null;
  team_number: string | null;
  inviter_name: string | null;
  forward_medium: ForwardMedium;
}

/**
 * The `invitation_detail` table: whom each invitation is from (its MultiMFA and owner) and how codes
 * will come, written with the invitation's event; read when the e-mail or SMS is composed, through
 * messaging's own views (the MultiMFA from numbers' events, the owner from identity's), so a view that
 * was still catching up when the invitation came is complete by then.
 */
@Injectable()
export class InvitationDetailsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, invitation: PayloadOf<typeof invitationSent>): Promise<void> {
    await manager.query(
      `INSERT INTO invitation_detail (invitation_id, mfa_id, user_id, forward_medium) VALUES ($1, $2, $3, $4)
       ON CONFLICT (invitation_id) DO NOTHING`,
      [invitation.invitationId, invitation.mfaId, invitation.userId, invitation.forwardMedium],
    );
  }

  async find(invitationId: string): Promise<InvitationDetail | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT v.name AS team_name, v.number AS team_number,
              nullif(concat_ws(' ', c.first_name, c.last_name), '') AS inviter_name, d.forward_medium
         FROM invitation_detail d
         LEFT JOIN mfa_view v ON v.mfa_id = d.mfa_id
         LEFT JOIN user_contact c ON c.user_id = d.user_id
        WHERE d.invitation_id = $1`,
      [invitationId],
    );
    return row
      ? {
          teamName: row.team_name,
          teamNumber: row.team_number,
          inviterName: row.inviter_name,
          forwardMedium: row.forward_medium,
        }
      : undefined;
  }
}
