import { EventContext } from '@multimfa/event-bus';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern } from '@nestjs/microservices';
import { applyEvent, projection } from './read-models.projection.js';

/**
 * Every event the read models are built from, applied in the transaction that records its id as
 * applied: an event delivered twice changes the tables once.
 */
@Controller()
export class ReadModelsSubscriber {
  @EventPattern(projection.map((handler) => handler.definition))
  async onEvent(@Ctx() context: EventContext): Promise<void> {
    await applyEvent(context.getManager(), context.getEnvelope());
  }
}
