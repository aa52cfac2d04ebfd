import {
  type BotMessageClaim,
  type BotMessagePage,
  type botMessageParams,
  claimBotMessage,
  type Envelope,
  type ListBotMessagesQuery,
  listBotMessages,
  type NextBotMessageQuery,
  nextBotMessage,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, HttpCode, Inject, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { BotApiService } from './bot-api.service.js';
import { BotKeyGuard, keyHashOf } from './bot-key.guard.js';

/** The bot API (`Authorization: Bearer <API key>`): a bot reads, waits for and claims its RoboMFA's texts. */
@Controller()
@UseGuards(BotKeyGuard)
export class BotApiController {
  constructor(@Inject(BotApiService) private readonly bots: BotApiService) {}

  @Serves(listBotMessages)
  async list(
    @Req() req: FastifyRequest,
    @Query() query: ListBotMessagesQuery,
  ): Promise<Envelope<BotMessagePage>> {
    return ok(await this.bots.list(keyHashOf(req), query));
  }

  /** 204 without a body when nothing came in time. */
  @Serves(nextBotMessage)
  async next(
    @Req() req: FastifyRequest,
    @Query() query: NextBotMessageQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const gone = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) gone.abort();
    };
    reply.raw.on('close', onClose);
    try {
      const message = await this.bots.next(keyHashOf(req), query, gone.signal);
      if (message) await reply.code(200).send(ok(message));
      else await reply.code(204).send();
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  @Serves(claimBotMessage)
  @HttpCode(200)
  async claim(
    @Req() req: FastifyRequest,
    @Param() params: z.output<typeof botMessageParams>,
  ): Promise<Envelope<BotMessageClaim>> {
    return ok(await this.bots.claim(keyHashOf(req), params.id), 'Message claimed');
  }
}
