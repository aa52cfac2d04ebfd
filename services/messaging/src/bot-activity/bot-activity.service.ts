import type { RoboMfaMessagesList } from '@multimfa/service-contracts/messaging';
import { NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { BotMessageActionsRepository } from './bot-message-actions.repository.js';
import { RoboMfaMessagesRepository } from './robo-mfa-messages.repository.js';

export const roboMfaNotFound = () => new NotFoundError('RoboMFA not found', 'ROBO_MFA_NOT_FOUND');

/**
 * What a RoboMFA's bots did with its texts, for the RoboMFA's owner: another customer's RoboMFA, a
 * MultiMFA or an unknown id answer 404 alike.
 */
@Injectable()
export class BotActivityService {
  constructor(
    @Inject(RoboMfaMessagesRepository) private readonly messages: RoboMfaMessagesRepository,
    @Inject(BotMessageActionsRepository) private readonly actions: BotMessageActionsRepository,
  ) {}

  async recent(userId: string, mfaId: string, limit: number): Promise<RoboMfaMessagesList> {
    if ((await this.messages.ownerOf(mfaId)) !== userId) throw roboMfaNotFound();
    const texts = await this.messages.recent(mfaId, limit);
    const actions = await this.actions.forMessages(texts.map((text) => text.messageId));
    return {
      messages: texts.map((text) => ({
        ...text,
        receivedAt: text.receivedAt.toISOString(),
        bots: actions
          .filter((action) => action.messageId === text.messageId)
          .map(({ botId, action, at }) => ({ botId, action, at: at.toISOString() })),
      })),
    };
  }
}
