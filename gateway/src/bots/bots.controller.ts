import {
  type Bot,
  type botParams,
  type CreateBotBody,
  createBot,
  type Envelope,
  getRoboMfaDetails,
  type RoboMfaDetail,
  removeBot,
  type roboMfaParams,
  type UpdateRoboMfaBody,
  updateRoboMfa,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SessionsService } from '../session/sessions.service.js';
import { BotsService } from './bots.service.js';

/** The RoboMFA detail page: the RoboMFA, its changes, its bots (signed-in customers, their own only). */
@Controller()
export class BotsController {
  constructor(
    @Inject(BotsService) private readonly bots: BotsService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  private userId(req: Request): string {
    return this.sessions.signedInUserId(req) ?? '';
  }

  @Serves(getRoboMfaDetails)
  async details(
    @Req() req: Request,
    @Param() params: z.output<typeof roboMfaParams>,
  ): Promise<Envelope<RoboMfaDetail>> {
    return ok(await this.bots.details(this.userId(req), params.mfaid));
  }

  @Serves(updateRoboMfa)
  async update(
    @Req() req: Request,
    @Param() params: z.output<typeof roboMfaParams>,
    @Body() body: UpdateRoboMfaBody,
  ): Promise<Envelope<RoboMfaDetail>> {
    return ok(await this.bots.update(this.userId(req), params.mfaid, body), 'Changes saved successfully');
  }

  @Serves(createBot)
  @HttpCode(200)
  async createBot(@Req() req: Request, @Body() body: CreateBotBody): Promise<Envelope<Bot>> {
    return ok(
      await this.bots.createBot(this.userId(req), body.roboMFAId, body.referenceName),
      'Bot created successfully',
    );
  }

  @Serves(removeBot)
  async removeBot(@Req() req: Request, @Param() params: z.output<typeof botParams>): Promise<Envelope<null>> {
    await this.bots.removeBot(this.userId(req), params.botId);
    return ok(null, 'Bot deleted successfully');
  }
}
