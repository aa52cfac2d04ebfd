import {
  type ContactMessageAccepted,
  type ContactMessageRequest,
  contactMessageAccepted,
} from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { MESSAGING } from '../upstream/upstream.module.js';
import { ContactThrottleService } from './contact-throttle.service.js';

/** The landing page's contact form: rate limited per client network, then handed to messaging. */
@Injectable()
export class ContactService {
  constructor(
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(ContactThrottleService) private readonly throttle: ContactThrottleService,
  ) {}

  async send(network: string, body: ContactMessageRequest): Promise<ContactMessageAccepted> {
    await this.throttle.reserve(network);
    return this.messaging.post('/contact-messages', contactMessageAccepted, body);
  }
}
