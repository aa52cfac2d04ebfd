import { EventContext } from '@multimfa/event-bus';
import { invitationRejected, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OwnerNoticesService } from './owner-notices.service.js';

/** A member rejected their invitation: the MultiMFA's owner is told by e-mail (the invitation screen promises it). */
@Controller()
export class InvitationsSubscriber {
  constructor(@Inject(OwnerNoticesService) private readonly notices: OwnerNoticesService) {}

  @EventPattern(invitationRejected)
  async onRejected(
    @Payload() rejection: PayloadOf<typeof invitationRejected>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const enqueue = await this.notices.recordInvitationRejected(
      context.getManager(),
      context.getEnvelope().eventId,
      rejection,
    );
    if (enqueue) context.afterCommit(enqueue);
  }
}
