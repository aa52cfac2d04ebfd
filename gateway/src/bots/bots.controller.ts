import {
  type Bot,
  type BotLimits,
  type botParams,
  type CreateBotBody,
  createBot,
  type Envelope,
  getBotLimits,
  getRoboMfaDetails,
  listRoboMfaMessages,
  type RoboMfaDetail,
  type RoboMfaMessage,
  removeBot,
  type roboMfaParams,
  type UpdateRoboMfaBody,
  updateRoboMfa,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { BotsService } from './bots.service.js';

/** The RoboMFA detail page: the RoboMFA, its changes, its bots, its texts (signed-in customers, their own only). */
@Controller()
export class BotsController {
  constructor(@Inject(BotsService) private readonly bots: BotsService) {}

  @Serves(getRoboMfaDetails)
  async details(
    @SignedInUserId() userId: string,
    @Param() params: z.output<typeof roboMfaParams>,
  ): Promise<Envelope<RoboMfaDetail>> {
    return ok(await this.bots.details(userId, params.mfaid));
  }

  @Serves(listRoboMfaMessages)
  async messages(
    @SignedInUserId() userId: string,
    @Param() params: z.output<typeof roboMfaParams>,
  ): Promise<Envelope<{ messages: RoboMfaMessage[] }>> {
    return ok({ messages: await this.bots.recentMessages(userId, params.mfaid) });
  }

  @Serves(getBotLimits)
  async limits(): Promise<Envelope<BotLimits>> {
    return ok(await this.bots.limits());
  }

  @Serves(updateRoboMfa)
  async update(
    @SignedInUserId() userId: string,
    @Param() params: z.output<typeof roboMfaParams>,
    @Body() body: UpdateRoboMfaBody,
  ): Promise<Envelope<RoboMfaDetail>> {
    return ok(await this.bots.update(userId, params.mfaid, body), 'Changes saved successfully');
  }

  @Serves(createBot)
  @HttpCode(200)
  async createBot(@SignedInUserId() userId: string, @Body() body: CreateBotBody): Promise<Envelope<Bot>> {
    return ok(
      await this.bots.createBot(userId, body.roboMFAId, body.referenceName),
      'Bot created successfully',
    );
  }

  @Serves(removeBot)
  async removeBot(
    @SignedInUserId() userId: string,
    @Param() params: z.output<typeof botParams>,
  ): Promise<Envelope<null>> {
    await this.bots.removeBot(userId, params.botId);
    return ok(null, 'Bot deleted successfully');
  }
}
