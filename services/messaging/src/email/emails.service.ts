import {
  type invitationRejected,
  type invitationSent,
  type notificationRequested,
  openSecret,
  type PayloadOf,
  type subscriptionExpired,
} from '@multimfa/events';
import { Clock, currentCorrelationId, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SubscriptionNoticesRepository } from '../billing-notices/subscription-notices.repository.js';
import type { ContactMessage } from '../contact/contact-message.record.js';
import { ContactMessagesRepository } from '../contact/contact-messages.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email-settings.js';
import { InvitationRejectionNoticesRepository } from '../owner-notices/invitation-rejection-notices.repository.js';
import { UserContactsRepository } from '../owner-notices/user-contacts.repository.js';
import { PromotionEmailsService } from '../promotions/promotion-emails.service.js';
import { EmailSender, type OutgoingEmail } from '../providers/email.sender.js';
import { EmailQueue } from '../queue/email-queue.js';
import {
  contactSubject,
  invitationRejectedSubject,
  renderContactMessage,
  renderInvitationRejected,
  renderNotification,
  renderSubscriptionExpired,
  SUBSCRIPTION_EXPIRED_SUBJECT,
  subjectOf,
} from './email-templates.js';
import { EmailsRepository, type EmailToSend } from './emails.repository.js';

/** A queued e-mail whose job may have been lost (the process died between commit and enqueue). */
const LOST_JOB_AFTER_MS = 60_000;

/**
 * E-mails on their way out: recorded in the transaction that applies the request (with the code
 * still sealed for messaging), queued once that commits (the row's id is the job's id), then
 * rendered and sent by the worker with retries. A failed send never blocks the request that caused it.
 */
@Injectable()
export class EmailsService {
  constructor(
    @Inject(EmailsRepository) private readonly emails: EmailsRepository,
    @Inject(ContactMessagesRepository) private readonly contactMessages: ContactMessagesRepository,
    @Inject(EmailQueue) private readonly queue: EmailQueue,
    @Inject(EmailSender) private readonly sender: EmailSender,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SubscriptionNoticesRepository) private readonly notices: SubscriptionNoticesRepository,
    @Inject(InvitationRejectionNoticesRepository)
    private readonly rejections: InvitationRejectionNoticesRepository,
    @Inject(UserContactsRepository) private readonly contacts: UserContactsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(PromotionEmailsService) private readonly promotions: PromotionEmailsService,
  ) {}

  /** Records the e-mail; returns the enqueueing to run after the commit (nothing if it was recorded before). */
  async record(
    manager: EntityManager,
    request: PayloadOf<typeof notificationRequested>,
  ): Promise<(() => Promise<void>) | undefined> {
    const correlationId = currentCorrelationId() ?? request.notificationId;
    const recorded = await this.emails.insertQueued(manager, {
      emailId: request.notificationId,
      userId: request.userId,
      kind: request.kind,
      toAddress: request.emailAddress,
      firstName: request.firstName,
      subject: subjectOf(request.kind),
      sealedCode: request.sealedCode,
      expiresAt: request.expiresAt,
      correlationId,
    });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ emailId: request.notificationId, correlationId });
  }

  /**
   * Records the e-mail that carries a contact form message to support (its id is the message's); returns
   * the enqueueing to run after the commit.
   */
  async recordContactMessage(
    manager: EntityManager,
    message: Omit<ContactMessage, 'createdAt'>,
  ): Promise<() => Promise<void>> {
    const correlationId = currentCorrelationId() ?? message.messageId;
    await this.emails.insertQueued(manager, {
      emailId: message.messageId,
      userId: null,
      kind: 'CONTACT_MESSAGE',
      toAddress: this.settings.supportAddress,
      firstName: message.name,
      subject: contactSubject(message.name),
      sealedCode: null,
      expiresAt: null,
      correlationId,
    });
    return () => this.queue.enqueue({ emailId: message.messageId, correlationId });
  }

  /**
   * Records numbers' invitation e-mail (the token stays sealed, bound to the invitation id, which is
   * the e-mail's id); nothing for a member reached by mobile only.
   */
  async recordInvitation(
    manager: EntityManager,
    invitation: PayloadOf<typeof invitationSent>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (!invitation.email) return undefined;
    const correlationId = currentCorrelationId() ?? invitation.invitationId;
    const recorded = await this.emails.insertQueued(manager, {
      emailId: invitation.invitationId,
      userId: invitation.userId,
      kind: 'MEMBER_INVITATION',
      toAddress: invitation.email,
      firstName: invitation.firstName,
      subject: subjectOf('MEMBER_INVITATION'),
      sealedCode: invitation.sealedToken,
      expiresAt: invitation.expiresAt,
      correlationId,
    });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ emailId: invitation.invitationId, correlationId });
  }

  /**
   * Records the e-mail telling the customer their subscription expired (its id is the event's);
   * nothing when billing knows no address.
   */
  async recordSubscriptionExpired(
    manager: EntityManager,
    emailId: string,
    expiry: PayloadOf<typeof subscriptionExpired>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (!expiry.emailAddress) return undefined;
    const correlationId = currentCorrelationId() ?? emailId;
    await this.notices.insert(manager, {
      emailId,
      mfaType: expiry.MFAType,
      planName: expiry.planName,
      reason: expiry.reason,
      invoiceNo: expiry.invoiceNo,
      amountCents: expiry.amountCents,
      message: expiry.message,
      expiredAt: new Date(expiry.expiredAt),
    });
    const recorded = await this.emails.insertQueued(manager, {
      emailId,
      userId: expiry.userId,
      kind: 'SUBSCRIPTION_EXPIRED',
      toAddress: expiry.emailAddress,
      firstName: '',
      subject: SUBSCRIPTION_EXPIRED_SUBJECT,
      sealedCode: null,
      expiresAt: null,
      correlationId,
    });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ emailId, correlationId });
  }

  /**
   * Records the e-mail telling the MultiMFA's owner that a member rejected the invitation (its id is
   * the event's: the invitation's id is already its invitation e-mail's); the owner's address and the MFA's name come from messaging's own views
   * (identity's and numbers' events). Nothing when the owner is not known (an account older than the
   * user topic's retention): logged, so the event does not hold up the MFA's other events.
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
    const correlationId = currentCorrelationId() ?? emailId;
    await this.rejections.insert(manager, {
      emailId,
      mfaName: mfa?.name ?? 'MultiMFA',
      memberFirstName: rejection.firstName,
      memberLastName: rejection.lastName,
      memberContact: rejection.email || rejection.mobileNo,
      rejectedAt: new Date(rejection.rejectedAt),
    });
    const recorded = await this.emails.insertQueued(manager, {
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
      correlationId,
    });
    if (!recorded) return undefined;
    return () => this.queue.enqueue({ emailId, correlationId });
  }

  /** Sends one queued e-mail (called by the worker; a thrown error is retried with backoff). */
  async deliver(emailId: string, attempt: number): Promise<void> {
    const email = await this.emails.find(emailId);
    if (!email) throw new Error(`e-mail ${emailId} is not recorded`);
    if (email.status !== 'QUEUED') return;
    const outgoing = await this.compose(email);
    try {
      const { providerMessageId } = await this.sender.send(outgoing);
      await this.emails.markSent(emailId, providerMessageId, attempt, this.clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.emails.recordFailedAttempt(emailId, attempt, reason);
      this.logger.warn({ emailId, attempt, reason }, 'e-mail not sent; will retry');
      throw error;
    }
  }

  /** The e-mail as it goes out, rendered from its row (and, for a contact message, the message). */
  private async compose(email: EmailToSend): Promise<OutgoingEmail> {
    if (email.kind === 'WAITLIST_CODE' || email.kind === 'DISCOUNT_OFFER')
      return this.promotions.compose(email);
    if (email.kind === 'CONTACT_MESSAGE') {
      const message = await this.contactMessages.find(email.emailId);
      if (!message) throw new Error(`contact message ${email.emailId} is not recorded`);
      return {
        emailId: email.emailId,
        to: { emailAddress: email.toAddress, name: 'MultiMFA support' },
        replyTo: { emailAddress: message.emailAddress, name: message.name },
        ...renderContactMessage({ ...message, receivedAt: message.createdAt }),
      };
    }
    if (email.kind === 'SUBSCRIPTION_EXPIRED') {
      const notice = await this.notices.find(email.emailId);
      if (!notice) throw new Error(`subscription notice ${email.emailId} is not recorded`);
      return {
        emailId: email.emailId,
        to: { emailAddress: email.toAddress, name: email.toAddress },
        ...renderSubscriptionExpired(notice, this.settings.webUrl),
      };
    }
    if (email.kind === 'INVITATION_REJECTED') {
      const notice = await this.rejections.find(email.emailId);
      if (!notice) throw new Error(`invitation rejection notice ${email.emailId} is not recorded`);
      return {
        emailId: email.emailId,
        to: { emailAddress: email.toAddress, name: email.firstName || email.toAddress },
        ...renderInvitationRejected({ ...notice, ownerFirstName: email.firstName }, this.settings.webUrl),
      };
    }
    const code = email.sealedCode
      ? openSecret(this.settings.sealingKey, email.sealedCode, email.emailId)
      : null;
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: email.firstName },
      ...renderNotification(
        email.kind,
        { firstName: email.firstName, emailAddress: email.toAddress, code, expiresAt: email.expiresAt },
        this.settings.webUrl,
        this.clock.now(),
      ),
    };
  }

  async markFailed(emailId: string): Promise<void> {
    await this.emails.markFailed(emailId);
    this.logger.error({ emailId }, 'e-mail given up after its last retry');
  }

  /** Queues again the e-mails whose job was lost; the job id (the row's id) makes it a no-op otherwise. */
  async requeueLost(): Promise<number> {
    const lost = await this.emails.queuedBefore(new Date(this.clock.now().getTime() - LOST_JOB_AFTER_MS));
    for (const { emailId, correlationId } of lost)
      await this.queue.enqueue({ emailId, correlationId: correlationId ?? emailId });
    return lost.length;
  }
}
