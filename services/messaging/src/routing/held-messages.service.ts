import type { HeldMessage } from '@multimfa/api-contract';
import { Outbox } from '@multimfa/event-bus';
import { Clock, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { DestinationsRepository } from '../destinations/destinations.repository.js';
import { ForwardPlanService } from '../forwarding/forward-plan.service.js';
import { RoutingRepository } from '../forwarding/routing.repository.js';
import { MessageLogRepository } from '../message-log/message-log.repository.js';

const notHeld = () => new NotFoundError('No such held text');

/**
 * The texts held because no rule matched them while the owner holds unknown senders: listed for the
 * owner, who releases each (forwarded now to everyone, once) or discards it (never forwarded).
 */
@Injectable()
export class HeldMessagesService {
  constructor(
    @Inject(RoutingRepository) private readonly routing: RoutingRepository,
    @Inject(DestinationsRepository) private readonly destinations: DestinationsRepository,
    @Inject(ForwardPlanService) private readonly plans: ForwardPlanService,
    @Inject(MessageLogRepository) private readonly log: MessageLogRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: string, mfaId: string): Promise<HeldMessage[]> {
    if ((await this.destinations.ownerOfMultiMfa(mfaId)) !== userId)
      throw new NotFoundError('MultiMFA not found');
    return this.routing.heldOf(mfaId);
  }

  /** Forwards a held text to everyone now; a second release (or one after a discard) is a 404. */
  async release(userId: string, messageId: string): Promise<{ forwards: number }> {
    const { forwards, queue } = await this.routing.transaction(async (manager) => {
      const held = await this.routing.decide(manager, messageId, 'released', this.clock.now());
      if (!held || held.userId !== userId) throw notHeld();
      const plan = await this.plans.plan(
        manager,
        { messageId, mfaId: held.mfaId, sender: held.sender, service: held.service },
        { everyone: true },
      );
      const { event } = await this.log.insert(manager, {
        mfaId: held.mfaId,
        userId: held.userId,
        messageId,
        logType: 'INFO',
        mobileNo: held.toNumber,
        message: `A held text from ${held.sender} was released by the owner and forwarded to ${plan.recipients.length} verified member(s).`,
        members: plan.recipients,
        createdAt: this.clock.now(),
      });
      await this.outbox.publishEach(manager, [event]);
      return { forwards: plan.forwards + plan.destinations, queue: plan.queue };
    });
    await queue();
    return { forwards };
  }

  async discard(userId: string, messageId: string): Promise<void> {
    await this.routing.transaction(async (manager) => {
      const held = await this.routing.decide(manager, messageId, 'discarded', this.clock.now());
      if (!held || held.userId !== userId) throw notHeld();
    });
  }
}
