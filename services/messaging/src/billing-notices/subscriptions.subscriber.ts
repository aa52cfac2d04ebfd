import { EventContext } from '@multimfa/event-bus';
import { type PayloadOf, subscriptionExpired } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { SubscriptionNoticesService } from './subscription-notices.service.js';

/** Billing's expired subscriptions become an e-mail to the customer (what happened, how to renew). */
@Controller()
export class SubscriptionsSubscriber {
  constructor(@Inject(SubscriptionNoticesService) private readonly notices: SubscriptionNoticesService) {}

  @EventPattern(subscriptionExpired)
  async onExpired(
    @Payload() expiry: PayloadOf<typeof subscriptionExpired>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.notices.recordExpired(
      context.getManager(),
      context.getEnvelope().eventId,
      expiry,
    );
    if (enqueue) context.afterCommit(enqueue);
  }
}
