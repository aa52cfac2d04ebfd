import { EventContext } from '@multimfa/event-bus';
import { destinationAdded, destinationRemoved, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { MembersRepository } from './members.repository.js';

/**
 * Messaging's destinations (Slack channels, webhooks): each takes a seat of its MultiMFA, counted with
 * the members' in every seat check. Applying an event twice changes nothing (insert once, delete).
 */
@Controller()
export class DestinationSeatsSubscriber {
  constructor(@Inject(MembersRepository) private readonly members: MembersRepository) {}

  @EventPattern(destinationAdded)
  onAdded(@Payload() added: PayloadOf<typeof destinationAdded>, @Ctx() context: EventContext): Promise<void> {
    return this.members.addDestinationSeat(context.getManager(), {
      destinationId: added.destinationId,
      mfaId: added.mfaId,
      addedAt: new Date(added.addedAt),
    });
  }

  @EventPattern(destinationRemoved)
  onRemoved(
    @Payload() removed: PayloadOf<typeof destinationRemoved>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.members.removeDestinationSeat(context.getManager(), removed.destinationId);
  }
}
