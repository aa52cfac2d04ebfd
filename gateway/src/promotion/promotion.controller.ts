import {
  type Envelope,
  type JoinWaitlistBody,
  joinWaitlist,
  UNSUBSCRIBED_MESSAGE,
  type UnsubscribeOffersBody,
  unsubscribeOffers,
  type VerifyWaitlistBody,
  verifyWaitlist,
  WAITLIST_THANK_YOU,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Serves } from '../access/serves.decorator.js';
import { clientPrefix } from '../auth/client-prefix.rules.js';
import { PromotionService } from './promotion.service.js';

/** The public waitlist page (/promotion): join, confirm with the e-mailed code, unsubscribe from offers. */
@Controller()
export class PromotionController {
  constructor(@Inject(PromotionService) private readonly promotion: PromotionService) {}

  @Serves(joinWaitlist)
  @HttpCode(200)
  async join(@Req() req: FastifyRequest, @Body() body: JoinWaitlistBody): Promise<Envelope<null>> {
    await this.promotion.join(clientPrefix(req.ip), body);
    return ok(null, 'We sent a 6-digit code to your email address');
  }

  @Serves(verifyWaitlist)
  @HttpCode(200)
  async verify(@Req() req: FastifyRequest, @Body() body: VerifyWaitlistBody): Promise<Envelope<null>> {
    await this.promotion.verify(clientPrefix(req.ip), body);
    return ok(null, WAITLIST_THANK_YOU);
  }

  @Serves(unsubscribeOffers)
  @HttpCode(200)
  async unsubscribe(@Body() body: UnsubscribeOffersBody): Promise<Envelope<null>> {
    await this.promotion.unsubscribe(body);
    return ok(null, UNSUBSCRIBED_MESSAGE);
  }
}
