import type { HeldMessage, Routing } from '@multimfa/api-contract';
import { routingSettings } from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { z } from 'zod';
import { HeldMessagesService } from './held-messages.service.js';
import { RoutingService } from './routing.service.js';

const uuid = (what: string) => new ZodPipe(z.uuid({ error: `${what} not found` }));

/** A MultiMFA's routing rules and held texts, for the gateway (the owner in the path; another's: 404). */
@Controller('users/:userId')
export class RoutingController {
  constructor(
    @Inject(RoutingService) private readonly routing: RoutingService,
    @Inject(HeldMessagesService) private readonly held: HeldMessagesService,
  ) {}

  @Get('mfas/:mfaId/routing')
  get(@Param('userId', uuid('MultiMFA')) userId: string, @Param('mfaId', uuid('MultiMFA')) mfaId: string) {
    return this.routing.get(userId, mfaId);
  }

  @Put('mfas/:mfaId/routing')
  save(
    @Param('userId', uuid('MultiMFA')) userId: string,
    @Param('mfaId', uuid('MultiMFA')) mfaId: string,
    @Body(new ZodPipe(routingSettings)) routing: Routing,
  ): Promise<Routing> {
    return this.routing.save(userId, mfaId, routing);
  }

  @Get('mfas/:mfaId/held')
  async list(
    @Param('userId', uuid('MultiMFA')) userId: string,
    @Param('mfaId', uuid('MultiMFA')) mfaId: string,
  ): Promise<{ messages: HeldMessage[] }> {
    return { messages: await this.held.list(userId, mfaId) };
  }

  @Post('held/:messageId/release')
  @HttpCode(200)
  release(
    @Param('userId', uuid('Message')) userId: string,
    @Param('messageId', uuid('Message')) messageId: string,
  ) {
    return this.held.release(userId, messageId);
  }

  @Post('held/:messageId/discard')
  @HttpCode(200)
  async discard(
    @Param('userId', uuid('Message')) userId: string,
    @Param('messageId', uuid('Message')) messageId: string,
  ): Promise<null> {
    await this.held.discard(userId, messageId);
    return null;
  }
}
