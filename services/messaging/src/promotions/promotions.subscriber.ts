import { EventContext } from '@multimfa/event-bus';
import { discountMailingRequested, type PayloadOf, waitlistCodeRequested } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PromotionEmailsService } from './promotion-emails.service.js';

/** Identity's waitlist codes and billing's discount mailings become e-mails. */
@Controller()
export class PromotionsSubscriber {
  constructor(@Inject(PromotionEmailsService) private readonly promotions: PromotionEmailsService) {}

  @EventPattern(waitlistCodeRequested)
  async onWaitlistCode(
    @Payload() request: PayloadOf<typeof waitlistCodeRequested>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.promotions.recordWaitlistCode(context.getManager(), request);
    if (enqueue) context.afterCommit(enqueue);
  }

  @EventPattern(discountMailingRequested)
  async onDiscountMailing(
    @Payload() mailing: PayloadOf<typeof discountMailingRequested>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.promotions.recordDiscountOffer(context.getManager(), mailing);
    if (enqueue) context.afterCommit(enqueue);
  }
}
