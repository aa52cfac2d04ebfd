import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { OwnerNoticeEmails } from '../owner-notices/owner-notice-emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { newServiceSubject, renderNewService } from './new-service-email.templates.js';
import { SeenServicesRepository } from './seen-services.repository.js';

/** A stored text with a code of a known service, to an MFA. */
export interface CodeText {
  messageId: string;
  mfaId: string;
  userId: string | null;
  toNumber: string;
  fromNumber: string;
  codeService: string;
  receivedAt: Date;
}

/**
 * The new-service tripwire: the first code of a service on an MFA's number e-mails the owner, once per
 * service and number (the seen-services key; the text is stored once per MessageSid, so a
 * redelivered text never comes here twice).
 */
@Injectable()
export class ServiceTripwireService implements EmailComposer<'NEW_SERVICE_CODE'>, OnModuleInit {
  constructor(
    @Inject(SeenServicesRepository) private readonly seen: SeenServicesRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(OwnerNoticeEmails) private readonly notices: OwnerNoticeEmails,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
  ) {}

  onModuleInit(): void {
    this.composers.register(['NEW_SERVICE_CODE'], this);
  }

  /**
   * In the text's transaction: records its service as seen on the number and, for the first one,
   * the owner's notice (its id is the text's); answers the enqueueing to run after the commit.
   */
  async codeReceived(manager: EntityManager, text: CodeText): Promise<(() => Promise<void>) | undefined> {
    const first = await this.seen.firstSeen(manager, {
      mfaId: text.mfaId,
      number: text.toNumber,
      service: text.codeService,
      firstMessageId: text.messageId,
      sender: text.fromNumber,
      firstSeenAt: text.receivedAt,
    });
    if (!first || !text.userId) return undefined;
    const mfa = await this.directory.mfa(manager, text.mfaId);
    return this.notices.record(
      manager,
      {
        emailId: text.messageId,
        userId: text.userId,
        kind: 'NEW_SERVICE_CODE',
        subject: newServiceSubject({ service: text.codeService, mfaName: mfa?.name ?? text.toNumber }),
      },
      { mfaId: text.mfaId, service: text.codeService },
    );
  }

  async compose(email: EmailOfKind<'NEW_SERVICE_CODE'>): Promise<OutgoingEmail> {
    const seen = await this.seen.byFirstMessage(email.emailId);
    if (!seen) throw new Error(`seen service of text ${email.emailId} is not recorded`);
    const mfa = await this.directory.mfa(this.seen.manager, seen.mfaId);
    return this.notices.addressed(
      email,
      renderNewService(
        {
          ownerFirstName: email.firstName,
          mfaName: mfa?.name ?? seen.number,
          number: seen.number,
          service: seen.service,
          sender: seen.sender,
          receivedAt: seen.firstSeenAt,
        },
        this.notices.webUrl,
      ),
    );
  }
}
