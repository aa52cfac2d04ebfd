import {
  type BotKeyUse,
  type BotRecord,
  botKeyHash,
  type CreateBotRequest,
  createBotRequest,
  type RoboMfaDetailRecord,
} from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { BotsService } from './bots.service.js';

const userUuid = new ZodPipe(z.uuid({ error: 'RoboMFA not found' }));
const mfaUuid = new ZodPipe(z.uuid({ error: 'RoboMFA not found' }));
const botUuid = new ZodPipe(z.uuid({ error: 'Bot not found' }));

/** A user's RoboMFA detail and its bots, for the gateway. */
@Controller()
export class BotsController {
  constructor(@Inject(BotsService) private readonly bots: BotsService) {}

  @Get('users/:userId/robo-mfas/:mfaId')
  details(
    @Param('userId', userUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
  ): Promise<RoboMfaDetailRecord> {
    return this.bots.details(userId, mfaId);
  }

  @Post('users/:userId/robo-mfas/:mfaId/bots')
  @HttpCode(201)
  create(
    @Param('userId', userUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
    @Body(new ZodPipe(createBotRequest)) body: CreateBotRequest,
  ): Promise<BotRecord> {
    return this.bots.createBot(userId, mfaId, body.referenceName);
  }

  /** The gateway's note that the bot API accepted a key (sent at most once a minute per key). */
  @Post('bot-keys/:keyHash/used')
  @HttpCode(200)
  async noteKeyUse(@Param('keyHash', new ZodPipe(botKeyHash)) keyHash: string): Promise<BotKeyUse> {
    return { noted: await this.bots.noteKeyUse(keyHash) };
  }

  @Delete('users/:userId/bots/:botId')
  async remove(
    @Param('userId', userUuid) userId: string,
    @Param('botId', botUuid) botId: string,
  ): Promise<null> {
    await this.bots.removeBot(userId, botId);
    return null;
  }
}
