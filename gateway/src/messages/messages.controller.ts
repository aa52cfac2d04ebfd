import { type Envelope, type ForwardedMessage, listMultiMfaMessages } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Serves } from '../access/serves.decorator.js';
import { SessionsService } from '../session/sessions.service.js';
import { MessagesService } from './messages.service.js';

/** The MultiMFA detail page's recent texts and their per-recipient delivery status. */
@Controller()
export class MessagesController {
  constructor(
    @Inject(MessagesService) private readonly messages: MessagesService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  @Serves(listMultiMfaMessages)
  async list(
    @Req() req: Request,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<{ messages: ForwardedMessage[] }>> {
    const userId = this.sessions.signedInUserId(req) ?? '';
    return ok({ messages: await this.messages.recent(userId, params.multiMFAId) });
  }
}
