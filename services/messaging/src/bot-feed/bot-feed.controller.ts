import type { ServerResponse } from 'node:http';
import type { BotMessageClaim, BotMessagePage } from '@multimfa/api-contract';
import {
  type BotWaitLimits,
  botKeyHash,
  type FeedBotRegistration,
  type FeedBotState,
  feedBotRegistration,
  feedListQuery,
  feedNextQuery,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { z } from 'zod';
import { BotFeedService } from './bot-feed.service.js';

/** What this controller uses of Fastify's reply. */
interface Reply {
  raw: ServerResponse;
  code(status: number): Reply;
  send(body?: unknown): Reply;
}

const messageId = z.uuid({ error: 'Message not found' });
const botId = z.uuid({ error: 'Bot not found' });

/** The bot feed for the gateway, which passes the caller's API key hash (never the key). */
@Controller('bot-feed')
export class BotFeedController {
  constructor(@Inject(BotFeedService) private readonly feed: BotFeedService) {}

  @Get('limits')
  limits(): BotWaitLimits {
    const caps = this.feed.waitCaps;
    return { waitsPerKey: caps.perKey, waitsPerRoboMfa: caps.perRoboMfa };
  }

  @Get('keys/:keyHash/messages')
  list(
    @Param('keyHash', new ZodPipe(botKeyHash)) keyHash: string,
    @Query(new ZodPipe(feedListQuery)) query: z.output<typeof feedListQuery>,
  ): Promise<BotMessagePage> {
    return this.feed.list(keyHash, query);
  }

  /** Held until a message comes or the timeout; 204 without a body on timeout. */
  @Get('keys/:keyHash/messages/next')
  async next(
    @Param('keyHash', new ZodPipe(botKeyHash)) keyHash: string,
    @Query(new ZodPipe(feedNextQuery)) query: z.output<typeof feedNextQuery>,
    @Res() reply: Reply,
  ): Promise<void> {
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.on('close', onClose);
    try {
      const message = await this.feed.next(keyHash, query, gone.signal);
      if (message) reply.code(200).send(message);
      else reply.code(204).send();
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  @Post('keys/:keyHash/messages/:messageId/claim')
  @HttpCode(200)
  claim(
    @Param('keyHash', new ZodPipe(botKeyHash)) keyHash: string,
    @Param('messageId', new ZodPipe(messageId)) id: string,
  ): Promise<BotMessageClaim> {
    return this.feed.claim(keyHash, id);
  }

  @Put('bots/:botId')
  register(
    @Param('botId', new ZodPipe(botId)) id: string,
    @Body(new ZodPipe(feedBotRegistration)) body: FeedBotRegistration,
  ): Promise<FeedBotState> {
    return this.feed.register(id, body);
  }

  @Delete('bots/:botId')
  revoke(@Param('botId', new ZodPipe(botId)) id: string): Promise<FeedBotState> {
    return this.feed.revoke(id);
  }
}
