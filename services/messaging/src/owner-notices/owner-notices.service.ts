import type { invitationRejected, PayloadOf } from '@multimfa/events';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { InvitationRejectionNoticesRepository } from './invitation-rejection-notices.repository.js';
import { invitationRejectedSubject, renderInvitationRejected } from './owner-notice-email.templates.js';
import { UserContactsRepository } from './user-contacts.repository.js';

/**
 * What a MultiMFA's owner is told by e-mail: a member rejected the invitation. The owner's address
 * and the MFA's name come from messaging's own views (identity's and numbers' events).
 */
@Injectable()
export class OwnerNoticesService implements EmailComposer<'INVITATION_REJECTED'>, OnModuleInit {
  constructor(
    @Inject(InvitationRejectionNoticesRepository)
    private readonly rejections: InvitationRejectionNoticesRepository,
    @Inject(UserContactsRepository) private readonly contacts: UserContactsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(LOGGER) private readonly logger: Logger,
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
    const owner = await this.contacts.find(manager, rejection.userId);
    if (!owner) {
      this.logger.warn(
        { invitationId: rejection.invitationId, userId: rejection.userId },
        'invitation rejected; the owner has no known e-mail address, so nobody was told',
      );
      return undefined;
    }
    const mfa = await this.directory.mfa(manager, rejection.mfaId);
    await this.rejections.insert(manager, {
      emailId,
      mfaName: mfa?.name ?? 'MultiMFA',
      memberFirstName: rejection.firstName,
      memberLastName: rejection.lastName,
      memberContact: rejection.email || rejection.mobileNo,
      rejectedAt: new Date(rejection.rejectedAt),
    });
    return this.emails.record(manager, {
      emailId,
      userId: rejection.userId,
      kind: 'INVITATION_REJECTED',
      toAddress: owner.emailAddress,
      firstName: owner.firstName,
      subject: invitationRejectedSubject({
        memberFirstName: rejection.firstName,
        memberLastName: rejection.lastName,
      }),
      sealedCode: null,
      expiresAt: null,
    });
  }

  async compose(email: EmailOfKind<'INVITATION_REJECTED'>): Promise<OutgoingEmail> {
    const notice = await this.rejections.find(email.emailId);
    if (!notice) throw new Error(`invitation rejection notice ${email.emailId} is not recorded`);
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: email.firstName || email.toAddress },
      ...renderInvitationRejected({ ...notice, ownerFirstName: email.firstName }, this.settings.webUrl),
    };
  }
}
