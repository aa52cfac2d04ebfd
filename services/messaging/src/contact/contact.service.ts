import { randomUUID } from 'node:crypto';
import type { ContactMessageAccepted, ContactMessageRequest } from '@multimfa/service-contracts/messaging';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { EmailsService } from '../email/emails.service.js';
import { ContactMessagesRepository } from './contact-messages.repository.js';

/**
 * The landing page's contact form: the message is stored together with the e-mail that carries it to
 * the support address, and that e-mail is queued once both have committed (sent by the e-mail worker,
 * with its retries, reply-to the visitor). If the queue cannot take it, the worker's sweep for e-mails
 * whose job was lost queues it within minutes: the visitor's message is kept either way.
 */
@Injectable()
export class ContactService {
  constructor(
    @Inject(ContactMessagesRepository) private readonly messages: ContactMessagesRepository,
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async submit(request: ContactMessageRequest): Promise<ContactMessageAccepted> {
    const message = {
      messageId: randomUUID(),
      name: request.name,
      emailAddress: request.email,
      message: request.message,
    };
    const enqueue = await this.messages.transaction(async (manager) => {
      await this.messages.insert(manager, message);
      return this.emails.recordContactMessage(manager, message);
    });
    await enqueue().catch((error: unknown) =>
      this.logger.warn({ err: error, messageId: message.messageId }, 'contact e-mail not queued yet'),
    );
    return { messageId: message.messageId };
  }
}
