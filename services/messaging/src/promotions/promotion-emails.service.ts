import {
  type discountMailingRequested,
  openSecret,
  type PayloadOf,
  type waitlistCodeRequested,
} from '@multimfa/events';
import { Clock, DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import {
  discountOfferSubject,
  renderDiscountOffer,
  renderWaitlistCode,
  WAITLIST_CODE_SUBJECT,
} from './promotion-email.templates.js';
import { PromotionEmailsRepository } from './promotion-emails.repository.js';
import { UnsubscribeLink } from './unsubscribe-link.signer.js';

/** The e-mails of this folder. */
type PromotionKind = 'WAITLIST_CODE' | 'DISCOUNT_OFFER';

const linkInvalid = () =>
  new DomainError('UNSUBSCRIBE_LINK_INVALID', 'This unsubscribe link is not valid', 400);

/**
 * The waitlist's code e-mail and the discount offers sent to prospects. Each is recorded once (its id
 * is the notification's or the mailing's), queued after the commit and sent by the e-mail worker; an
 * offer to an address that unsubscribed is not recorded at all.
 */
@Injectable()
export class PromotionEmailsService implements EmailComposer<PromotionKind>, OnModuleInit {
  constructor(
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(PromotionEmailsRepository) private readonly promotions: PromotionEmailsRepository,
    @Inject(UnsubscribeLink) private readonly unsubscribeLink: UnsubscribeLink,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.composers.register(['WAITLIST_CODE', 'DISCOUNT_OFFER'], this);
  }

  recordWaitlistCode(
    manager: EntityManager,
    request: PayloadOf<typeof waitlistCodeRequested>,
  ): Promise<(() => Promise<void>) | undefined> {
    return this.emails.record(manager, {
      emailId: request.notificationId,
      userId: null,
      kind: 'WAITLIST_CODE',
      toAddress: request.emailAddress,
      firstName: '',
      subject: WAITLIST_CODE_SUBJECT,
      sealedCode: request.sealedCode,
      expiresAt: request.expiresAt,
    });
  }

  async recordDiscountOffer(
    manager: EntityManager,
    mailing: PayloadOf<typeof discountMailingRequested>,
  ): Promise<(() => Promise<void>) | undefined> {
    if (await this.promotions.isUnsubscribed(manager, mailing.emailAddress)) {
      this.logger.info({ mailingId: mailing.mailingId }, 'discount offer skipped: the address unsubscribed');
      return undefined;
    }
    const offer = {
      code: mailing.code,
      discountType: mailing.discountType,
      value: mailing.value,
      expiryDate: new Date(mailing.expiryDate),
    };
    await this.promotions.insertOffer(manager, { emailId: mailing.mailingId, ...offer });
    return this.emails.record(manager, {
      emailId: mailing.mailingId,
      userId: null,
      kind: 'DISCOUNT_OFFER',
      toAddress: mailing.emailAddress,
      firstName: '',
      subject: discountOfferSubject(offer),
      sealedCode: null,
      expiresAt: null,
    });
  }

  /** The e-mail as it goes out. */
  async compose(email: EmailOfKind<PromotionKind>): Promise<OutgoingEmail> {
    const to = { emailAddress: email.toAddress, name: email.toAddress };
    if (email.kind === 'WAITLIST_CODE') {
      if (!email.sealedCode || !email.expiresAt)
        throw new Error(`waitlist e-mail ${email.emailId} has no code`);
      const code = openSecret(this.settings.sealingKey, email.sealedCode, email.emailId);
      return { emailId: email.emailId, to, ...renderWaitlistCode(code, email.expiresAt, this.clock.now()) };
    }
    const offer = await this.promotions.findOffer(email.emailId);
    if (!offer) throw new Error(`discount offer ${email.emailId} is not recorded`);
    return {
      emailId: email.emailId,
      to,
      ...renderDiscountOffer(
        offer,
        this.settings.webUrl,
        this.unsubscribeLink.url(this.settings.webUrl, email.toAddress),
      ),
    };
  }

  /** The unsubscribe link's call: offers are no longer sent to the address. */
  async unsubscribe(emailAddress: string, token: string): Promise<void> {
    if (!this.unsubscribeLink.matches(emailAddress, token)) throw linkInvalid();
    await this.promotions.unsubscribe(emailAddress);
  }
}
