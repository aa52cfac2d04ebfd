import { type UnsubscribeRequest, unsubscribeRequest } from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { PromotionEmailsService } from './promotion-emails.service.js';

/** The unsubscribe link of promotional e-mails, through the gateway. */
@Controller('unsubscribes')
export class UnsubscribeController {
  constructor(@Inject(PromotionEmailsService) private readonly promotions: PromotionEmailsService) {}

  @Post()
  @HttpCode(204)
  unsubscribe(@Body(new ZodPipe(unsubscribeRequest)) body: UnsubscribeRequest): Promise<void> {
    return this.promotions.unsubscribe(body.emailAddress, body.token);
  }
}
