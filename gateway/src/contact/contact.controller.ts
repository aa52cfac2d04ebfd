import { type Envelope, sendContactMessage } from '@multimfa/api-contract';
import type { ContactMessageAccepted, ContactMessageRequest } from '@multimfa/service-contracts/messaging';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Serves } from '../access/serves.decorator.js';
import { clientPrefix } from '../auth/client-prefix.rules.js';
import { ContactService } from './contact.service.js';

/** POST /api/contact: the landing page's contact form. */
@Controller()
export class ContactController {
  constructor(@Inject(ContactService) private readonly contact: ContactService) {}

  @Serves(sendContactMessage)
  @HttpCode(200)
  async send(
    @Req() req: FastifyRequest,
    @Body() body: ContactMessageRequest,
  ): Promise<Envelope<ContactMessageAccepted>> {
    return ok(
      await this.contact.send(clientPrefix(req.ip), body),
      'Thank you, your message was sent. We will reply by e-mail.',
    );
  }
}
