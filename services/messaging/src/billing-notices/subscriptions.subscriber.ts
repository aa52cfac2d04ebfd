import { EventContext } from '@multimfa/event-bus';
import { type PayloadOf, subscriptionExpired } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { EmailsService } from '../email/emails.service.js';

/** Billing's expired subscriptions become an e-mail to the customer (what happened, how to renew). */
@Controller()
export class SubscriptionsSubscriber {
  constructor(@Inject(EmailsService) private readonly emails: EmailsService) {}

  @EventPattern(subscriptionExpired)
  async onExpired(
    @Payload() expiry: PayloadOf<typeof subscriptionExpired>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.emails.recordSubscriptionExpired(
      context.getManager(),
      context.getEnvelope().eventId,
      expiry,
    );
    if (enqueue) context.afterCommit(enqueue);
  }
}
