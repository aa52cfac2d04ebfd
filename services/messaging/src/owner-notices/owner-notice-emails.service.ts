import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import type { RenderedEmail } from '../email/email.templates.js';
import type { EmailToSend } from '../email/emails.repository.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { UserContactsRepository } from './user-contacts.repository.js';

/** The kinds of e-mail that tell an MFA's owner something happened to it. */
export type OwnerNoticeKind = 'INVITATION_REJECTED' | 'OFFBOARDING_REPORT' | 'NEW_SERVICE_CODE';

/**
 * How every owner notice goes out: to the address messaging knows for the owner (identity's
 * events), recorded in the caller's transaction and queued after it commits, composed by the folder
 * that records its kind.
 */
@Injectable()
export class OwnerNoticeEmails {
  constructor(
    @Inject(UserContactsRepository) private readonly contacts: UserContactsRepository,
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Where links in the notices point. */
  get webUrl(): string {
    return this.settings.webUrl;
  }

  /**
   * Records the notice to the owner `userId` (once per `emailId`); answers the enqueueing to run after
   * the commit. Nothing when the owner's address is not known (an account older than the user
   * topic's retention): logged with `context`, so the event does not hold up the MFA's others.
   */
  async record(
    manager: EntityManager,
    notice: { emailId: string; userId: string; kind: OwnerNoticeKind; subject: string },
    context: Record<string, unknown>,
  ): Promise<(() => Promise<void>) | undefined> {
    const owner = await this.contacts.find(manager, notice.userId);
    if (!owner) {
      this.logger.warn(
        { ...context, userId: notice.userId, kind: notice.kind },
        'the owner has no known e-mail address, so nobody was told',
      );
      return undefined;
    }
    return this.emails.record(manager, {
      ...notice,
      toAddress: owner.emailAddress,
      firstName: owner.firstName,
      sealedCode: null,
      expiresAt: null,
    });
  }

  /** The recorded notice with its rendered content, addressed to the owner. */
  addressed(email: EmailToSend, rendered: RenderedEmail): OutgoingEmail {
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: email.firstName || email.toAddress },
      ...rendered,
    };
  }
}
