import { EventContext } from '@multimfa/event-bus';
import { type PayloadOf, subscriptionExpired, subscriptionRenewed } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { SubscriptionsService } from './subscriptions.service.js';

/** Billing's subscription expiries and renewals, applied in the event's own transaction. */
@Controller()
export class SubscriptionsSubscriber {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  @EventPattern(subscriptionExpired)
  onExpired(
    @Payload() event: PayloadOf<typeof subscriptionExpired>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.subscriptions.expired(context.getManager(), event);
  }

  @EventPattern(subscriptionRenewed)
  async onRenewed(
    @Payload() event: PayloadOf<typeof subscriptionRenewed>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const afterCommit = await this.subscriptions.renewed(context.getManager(), event);
    if (afterCommit) context.afterCommit(afterCommit);
  }
}
