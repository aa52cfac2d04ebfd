import { EventContext, PermanentEventFailure } from '@multimfa/event-bus';
import { type PayloadOf, purchaseCompleted } from '@multimfa/events';
import { DomainError } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { MfasService } from './mfas.service.js';

/**
 * Billing's completed purchases create or upgrade MFAs, even when the gateway's call never came
 * (the browser closed before /success). Applied in the event's own transaction; a purchase the
 * gateway applied first is found done. A refusal (unknown country, no such MFA) can never pass:
 * dead-lettered rather than retried.
 */
@Controller()
export class PurchasesSubscriber {
  constructor(@Inject(MfasService) private readonly mfas: MfasService) {}

  @EventPattern(purchaseCompleted)
  async onCompleted(
    @Payload() purchase: PayloadOf<typeof purchaseCompleted>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    try {
      const applied = await this.mfas.apply(context.getManager(), purchase);
      if (applied.afterCommit) context.afterCommit(applied.afterCommit);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) throw new PermanentEventFailure(error.message);
      throw error;
    }
  }
}
