import { EventContext, PermanentEventFailure } from '@multimfa/event-bus';
import { type PayloadOf, usageCounted } from '@multimfa/events';
import { DomainError } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { UsageService } from './usage.service.js';

/**
 * Messaging's metered texts (one event per inbound text of an active MFA) add to the subscription's
 * count for the period, in the event's own transaction: a redelivered event is found applied and
 * counts once. A subscription billing does not know can never pass: dead-lettered, not retried.
 */
@Controller()
export class UsageSubscriber {
  constructor(@Inject(UsageService) private readonly usage: UsageService) {}

  @EventPattern(usageCounted)
  async onCounted(
    @Payload() counted: PayloadOf<typeof usageCounted>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    try {
      await this.usage.count(context.getManager(), counted);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) throw new PermanentEventFailure(error.message);
      throw error;
    }
  }
}
