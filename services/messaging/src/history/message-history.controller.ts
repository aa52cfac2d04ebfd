import {
  type RecentMessagesList,
  type RecentMessagesQuery,
  recentMessagesQuery,
} from '@multimfa/service-contracts/messaging';
import { NotFoundError, ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { MessageHistoryRepository } from './message-history.repository.js';

/** A MultiMFA's recent texts with each recipient's delivery status, for its owner's detail page. */
@Controller('mfas/:mfaId/messages')
export class MessageHistoryController {
  constructor(@Inject(MessageHistoryRepository) private readonly history: MessageHistoryRepository) {}

  @Get()
  async recent(
    @Param('mfaId', new ParseUUIDPipe()) mfaId: string,
    @Query(new ZodPipe(recentMessagesQuery)) query: RecentMessagesQuery,
  ): Promise<RecentMessagesList> {
    if ((await this.history.ownerOf(mfaId)) !== query.userId) throw new NotFoundError('MultiMFA not found');
    return { messages: await this.history.recent(mfaId, query.limit) };
  }
}
