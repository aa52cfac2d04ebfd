import type { invitationRejected, PayloadOf } from '@multimfa/events';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { InvitationRejectionNoticesRepository } from './invitation-rejection-notices.repository.js';
import { invitationRejectedSubject, renderInvitationRejected } from './owner-notice-email.templates.js';
import { OwnerNoticeEmails } from './owner-notice-emails.service.js';

/**
 * What a MultiMFA's owner is told by e-mail: a member rejected the invitation. The owner's address
 * and the MFA's name come from messaging's own views (identity's and numbers' events).
 */
@Injectable()
export class OwnerNoticesService implements EmailComposer<'INVITATION_REJECTED'>, OnModuleInit {
  constructor(
    @Inject(InvitationRejectionNoticesRepository)
    private readonly rejections: InvitationRejectionNoticesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(OwnerNoticeEmails) private readonly notices: OwnerNoticeEmails,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
  ) {}

  onModuleInit(): void {
    this.composers.register(['INVITATION_REJECTED'], this);
  }

  /**
   * Records the e-mail telling the owner that a member rejected the invitation (its id is the
   * event's: the invitation's id is already its invitation e-mail's); returns the enqueueing to run
   * after the commit. Nothing when the owner is not known (an account older than the user topic's
   * retention): logged, so the event does not hold up the MFA's other events.
   */
  async recordInvitationRejected(
    manager: EntityManager,
    emailId: string,
    rejection: PayloadOf<typeof invitationRejected>,
  ): Promise<(() => Promise<void>) | undefined> {
    const mfa = await this.directory.mfa(manager, rejection.mfaId);
    await this.rejections.insert(manager, {
      emailId,
      mfaName: mfa?.name ?? 'MultiMFA',
      memberFirstName: rejection.firstName,
      memberLastName: rejection.lastName,
      memberContact: rejection.email || rejection.mobileNo,
      rejectedAt: new Date(rejection.rejectedAt),
    });
    return this.notices.record(
      manager,
      {
        emailId,
        userId: rejection.userId,
        kind: 'INVITATION_REJECTED',
        subject: invitationRejectedSubject({
          memberFirstName: rejection.firstName,
          memberLastName: rejection.lastName,
        }),
      },
      { invitationId: rejection.invitationId },
    );
  }

  async compose(email: EmailOfKind<'INVITATION_REJECTED'>): Promise<OutgoingEmail> {
    const notice = await this.rejections.find(email.emailId);
    if (!notice) throw new Error(`invitation rejection notice ${email.emailId} is not recorded`);
    return this.notices.addressed(
      email,
      renderInvitationRejected({ ...notice, ownerFirstName: email.firstName }, this.notices.webUrl),
    );
  }
}
