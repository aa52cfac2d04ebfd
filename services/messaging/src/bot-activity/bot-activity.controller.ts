import {
  type RecentMessagesQuery,
  type RoboMfaMessagesList,
  recentMessagesQuery,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { BotActivityService } from './bot-activity.service.js';

const mfaUuid = new ZodPipe(z.uuid({ error: 'RoboMFA not found' }));

/** A RoboMFA's recent texts with what its bots did with each, for its owner's detail page. */
@Controller('robo-mfas/:mfaId/messages')
export class BotActivityController {
  constructor(@Inject(BotActivityService) private readonly activity: BotActivityService) {}

  @Get()
  recent(
    @Param('mfaId', mfaUuid) mfaId: string,
    @Query(new ZodPipe(recentMessagesQuery)) query: RecentMessagesQuery,
  ): Promise<RoboMfaMessagesList> {
    return this.activity.recent(query.userId, mfaId, query.limit);
  }
}
