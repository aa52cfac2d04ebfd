import { EventContext } from '@multimfa/event-bus';
import { memberRemoved, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OffboardingService } from './offboarding.service.js';

/** A member was removed from a MultiMFA: its owner gets the offboarding report. */
@Controller()
export class OffboardingSubscriber {
  constructor(@Inject(OffboardingService) private readonly offboarding: OffboardingService) {}

  @EventPattern(memberRemoved)
  async onMemberRemoved(
    @Payload() removal: PayloadOf<typeof memberRemoved>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.offboarding.recordRemoval(
      context.getManager(),
      context.getEnvelope().eventId,
      removal,
    );
    if (enqueue) context.afterCommit(enqueue);
  }
}
