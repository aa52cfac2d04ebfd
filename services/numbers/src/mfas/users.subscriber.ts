import { EventContext } from '@multimfa/event-bus';
import { type PayloadOf, userDeleted, userStatusChanged } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { OwnerStandingService } from './owner-standing.service.js';

/** Identity's deactivated, reactivated and deleted users: their MFAs follow (`OwnerStandingService`). */
@Controller()
export class UsersSubscriber {
  constructor(@Inject(OwnerStandingService) private readonly owners: OwnerStandingService) {}

  @EventPattern(userStatusChanged)
  onStatusChanged(
    @Payload() change: PayloadOf<typeof userStatusChanged>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    return this.owners.statusChanged(
      context.getManager(),
      change.userId,
      change.isActive,
      new Date(context.getEnvelope().occurredAt),
    );
  }

  @EventPattern(userDeleted)
  onDeleted(@Payload() deleted: PayloadOf<typeof userDeleted>, @Ctx() context: EventContext): Promise<void> {
    return this.owners.deleted(context.getManager(), deleted.userId, new Date(deleted.deletedAt));
  }
}
