import { randomUUID } from 'node:crypto';
import type { ContactMessageAccepted, ContactMessageRequest } from '@multimfa/service-contracts/messaging';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type EmailComposer, EmailComposers, type EmailOfKind } from '../email/email.composers.js';
import { EMAIL_SETTINGS, type EmailSettings } from '../email/email.settings.js';
import { EmailsService } from '../email/emails.service.js';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import { contactSubject, renderContactMessage } from './contact-email.templates.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';

/**
 * The landing page's contact form: the message is stored together with the e-mail that carries it to
 * the support address (its id is the message's), and that e-mail is queued once both have committed
 * (sent by the e-mail worker, with its retries, reply-to the visitor). If the queue cannot take it,
 * the worker's sweep for e-mails whose job was lost queues it within minutes: the visitor's message
 * is kept either way.
 */
@Injectable()
export class ContactService implements EmailComposer<'CONTACT_MESSAGE'>, OnModuleInit {
  constructor(
    @Inject(ContactMessagesRepository) private readonly messages: ContactMessagesRepository,
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(EmailComposers) private readonly composers: EmailComposers,
    @Inject(EMAIL_SETTINGS) private readonly settings: EmailSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.composers.register(['CONTACT_MESSAGE'], this);
  }

  async submit(request: ContactMessageRequest): Promise<ContactMessageAccepted> {
    const message = {
      messageId: randomUUID(),
      name: request.name,
      emailAddress: request.email,
      message: request.message,
    };
    const enqueue = await this.messages.transaction(async (manager) => {
      await this.messages.insert(manager, message);
      return this.emails.record(manager, {
        emailId: message.messageId,
        userId: null,
        kind: 'CONTACT_MESSAGE',
        toAddress: this.settings.supportAddress,
        firstName: message.name,
        subject: contactSubject(message.name),
        sealedCode: null,
        expiresAt: null,
      });
    });
    await enqueue?.().catch((error: unknown) =>
      this.logger.warn({ err: error, messageId: message.messageId }, 'contact e-mail not queued yet'),
    );
    return { messageId: message.messageId };
  }

  /** The e-mail to support, from its row and the visitor's message. */
  async compose(email: EmailOfKind<'CONTACT_MESSAGE'>): Promise<OutgoingEmail> {
    const message = await this.messages.find(email.emailId);
    if (!message) throw new Error(`contact message ${email.emailId} is not recorded`);
    return {
      emailId: email.emailId,
      to: { emailAddress: email.toAddress, name: 'MultiMFA support' },
      replyTo: { emailAddress: message.emailAddress, name: message.name },
      ...renderContactMessage({ ...message, receivedAt: message.createdAt }),
    };
  }
}
