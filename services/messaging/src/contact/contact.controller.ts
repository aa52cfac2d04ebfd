import {
  type ContactMessageAccepted,
  type ContactMessageRequest,
  contactMessageRequest,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ContactService } from './contact.service.js';

/** Messages from the landing page's contact form, for the gateway (which rate limits them). */
@Controller('contact-messages')
export class ContactController {
  constructor(@Inject(ContactService) private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  submit(
    @Body(new ZodPipe(contactMessageRequest)) body: ContactMessageRequest,
  ): Promise<ContactMessageAccepted> {
    return this.contact.submit(body);
  }
}
