import { EventContext } from '@multimfa/event-bus';
import { type PayloadOf, userDeleted } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { MfasService } from './mfas.service.js';

/** Identity's deleted users: their MFAs stop, so nothing is forwarded for them any more. */
@Controller()
export class UsersSubscriber {
  constructor(@Inject(MfasService) private readonly mfas: MfasService) {}

  @EventPattern(userDeleted)
  onDeleted(@Payload() deleted: PayloadOf<typeof userDeleted>, @Ctx() context: EventContext): Promise<void> {
    return this.mfas.deactivateAllOf(context.getManager(), deleted.userId);
  }
}
