import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What the e-mail telling an owner that a member rejected their invitation says. */
export interface InvitationRejectionNotice {
  emailId: string;
  mfaName: string;
  memberFirstName: string;
  memberLastName: string;
  /** Where the invitation went: the member's e-mail address or mobile number. */
  memberContact: string;
  rejectedAt: Date;
}

interface Row {
  email_id: string;
  mfa_name: string;
  member_first_name: string;
  member_last_name: string;
  member_contact: string;
  rejected_at: Date;
}

/** The `invitation_rejection_notice` table (one row per e-mail, same id). */
@Injectable()
export class InvitationRejectionNoticesRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, notice: InvitationRejectionNotice): Promise<void> {
    await manager.query(
      `INSERT INTO invitation_rejection_notice
         (email_id, mfa_name, member_first_name, member_last_name, member_contact, rejected_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email_id) DO NOTHING`,
      [
        notice.emailId,
        notice.mfaName.slice(0, 200),
        notice.memberFirstName.slice(0, 200),
        notice.memberLastName.slice(0, 200),
        notice.memberContact.slice(0, 320),
        notice.rejectedAt,
      ],
    );
  }

  async find(emailId: string): Promise<InvitationRejectionNotice | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT email_id, mfa_name, member_first_name, member_last_name, member_contact, rejected_at
         FROM invitation_rejection_notice WHERE email_id = $1`,
      [emailId],
    );
    if (!row) return undefined;
    return {
      emailId: row.email_id,
      mfaName: row.mfa_name,
      memberFirstName: row.member_first_name,
      memberLastName: row.member_last_name,
      memberContact: row.member_contact,
      rejectedAt: row.rejected_at,
    };
  }
}
