import type { PayloadOf, subscriptionExpired } from '@multimfa/events';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { renderSubscriptionExpired, SUBSCRIPTION_EXPIRED_SUBJECT } from './billing-notice-email.templates.js';
import { SubscriptionNoticesRepository } from './subscription-notices.repository.js';

/**
 * The e-mail telling a customer their subscription expired: what happened and how to renew,
 * recorded with billing's event (the notice under the e-mail's id, which is the event's).
 */
@Injectable()
export class SubscriptionNoticesService implements EmailComposer<'SUBSCRIPTION_EXPIRED'>, OnModuleInit {
  constructor(
    @Inject(SubscriptionNoticesRepository) private readonly notices: SubscriptionNoticesRepository,
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
  ) {}

  onModuleInit(): void {
    this.composers.register(['SUBSCRIPTION_EXPIRED'], this);
  }

  /**
   * Records the e-mail; returns the enqueueing to run after the commit (nothing if it was recorded
   * before, or when billing knows no address).
   */
  async recordExpired(
    manager: EntityManager,
    emailId: string,
    expiry: PayloadOf<typeof subscriptionExpired>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (!expiry.emailAddress) return undefined;
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
    return this.emails.record(manager, {
      emailId,
      userId: expiry.userId,
      kind: 'SUBSCRIPTION_EXPIRED',
      toAddress: expiry.emailAddress,
      firstName: '',
      subject: SUBSCRIPTION_EXPIRED_SUBJECT,
      sealedCode: null,
      expiresAt: null,
    });
  }

  async compose(email: EmailOfKind<'SUBSCRIPTION_EXPIRED'>): Promise<OutgoingEmail> {
    const notice = await this.notices.find(email.emailId);
    if (!notice) throw new Error(`subscription notice ${email.emailId} is not recorded`);
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: email.toAddress },
      ...renderSubscriptionExpired(notice, this.settings.webUrl),
    };
  }
}
