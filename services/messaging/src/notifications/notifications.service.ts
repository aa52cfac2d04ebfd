import {
  type invitationSent,
  type notificationRequested,
  openSecret,
  type PayloadOf,
} from '@multimfa/events';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { InvitationDetailsRepository } from '../sms/invitation-details.repository.js';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  renderNotification,
  subjectOf,
} from './notification-email.templates.js';

/**
 * Identity's notifications (codes, security notices) and numbers' member invitations, by e-mail:
 * recorded with the event that asks for them, the code or token still sealed (bound to the e-mail's
 * id, which is the notification's or the invitation's), and opened only when the e-mail is composed
 * to be sent.
 */
@Injectable()
export class NotificationsService implements EmailComposer<NotificationKind>, OnModuleInit {
  constructor(
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(InvitationDetailsRepository) private readonly invitationDetails: InvitationDetailsRepository,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.composers.register(NOTIFICATION_KINDS, this);
  }

  /** Records the e-mail; returns the enqueueing to run after the commit (nothing if it was recorded before). */
  record(
    manager: EntityManager,
    request: PayloadOf<typeof notificationRequested>,
  ): Promise<(() => Promise<void>) | undefined> {
    return this.emails.record(manager, {
      emailId: request.notificationId,
      userId: request.userId,
      kind: request.kind,
      toAddress: request.emailAddress,
      firstName: request.firstName,
      subject: subjectOf(request.kind),
      sealedCode: request.sealedCode,
      expiresAt: request.expiresAt,
    });
  }

  /** Records numbers' invitation e-mail (the token stays sealed); nothing for a member reached by mobile only. */
  async recordInvitation(
    manager: EntityManager,
    invitation: PayloadOf<typeof invitationSent>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (!invitation.email) return undefined;
    return this.emails.record(manager, {
      emailId: invitation.invitationId,
      userId: invitation.userId,
      kind: 'MEMBER_INVITATION',
      toAddress: invitation.email,
      firstName: invitation.firstName,
      subject: subjectOf('MEMBER_INVITATION'),
      sealedCode: invitation.sealedToken,
      expiresAt: invitation.expiresAt,
    });
  }

  async compose(email: EmailOfKind<NotificationKind>): Promise<OutgoingEmail> {
    const code = email.sealedCode
      ? openSecret(this.settings.sealingKey, email.sealedCode, email.emailId)
      : null;
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: email.firstName },
      ...renderNotification(
        email.kind,
        {
          firstName: email.firstName,
          emailAddress: email.toAddress,
          code,
          expiresAt: email.expiresAt,
          invitation:
            email.kind === 'MEMBER_INVITATION' ? await this.invitationDetails.find(email.emailId) : undefined,
        },
        this.settings.webUrl,
        this.clock.now(),
      ),
    };
  }
}
