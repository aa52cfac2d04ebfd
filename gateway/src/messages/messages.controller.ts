import { type Envelope, type ForwardedMessage, listMultiMfaMessages } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, Inject, Param } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { MessagesService } from './messages.service.js';

/** The MultiMFA detail page's recent texts and their per-recipient delivery status. */
@Controller()
export class MessagesController {
  constructor(@Inject(MessagesService) private readonly messages: MessagesService) {}

  @Serves(listMultiMfaMessages)
  async list(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<{ messages: ForwardedMessage[] }>> {
    return ok({ messages: await this.messages.recent(userId, params.multiMFAId) });
  }
}
