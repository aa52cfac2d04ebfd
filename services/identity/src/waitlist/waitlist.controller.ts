import {
  type Prospect,
  waitlistJoinRequest,
  waitlistVerifyRequest,
} from '@multimfa/service-contracts/identity';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { WaitlistService } from './waitlist.service.js';

/** The waitlist's double opt-in and, for administrators (the gateway checks), its prospects. */
@Controller()
export class WaitlistController {
  constructor(@Inject(WaitlistService) private readonly waitlist: WaitlistService) {}

  @Post('waitlist')
  @HttpCode(204)
  join(@Body(new ZodPipe(waitlistJoinRequest)) body: z.output<typeof waitlistJoinRequest>): Promise<void> {
    return this.waitlist.join(body.emailAddress);
  }

  @Post('waitlist/verification')
  @HttpCode(204)
  verify(
    @Body(new ZodPipe(waitlistVerifyRequest)) body: z.output<typeof waitlistVerifyRequest>,
  ): Promise<void> {
    return this.waitlist.verify(body.emailAddress, body.code);
  }

  @Get('admin/prospects')
  prospects(): Promise<Prospect[]> {
    return this.waitlist.prospects();
  }
}
