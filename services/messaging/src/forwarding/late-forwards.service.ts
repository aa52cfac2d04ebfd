import { Outbox } from '@multimfa/event-bus';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { MessageLogRepository } from '../message-log/message-log.repository.js';
import { ForwardPlanService } from './forward-plan.service.js';
import { ForwardsRepository } from './forwards.repository.js';

/** A member numbers verified, as its event tells messaging. */
export interface VerifiedMember {
  memberId: string;
  mfaId: string;
  userId: string;
  firstName: string;
  lastName: string;
  verifiedAt: Date;
}

/**
 * Texts that came while messaging's directory lagged behind numbers: a text to a MultiMFA stored after
 * numbers verified a member but before messaging applied that verification was forwarded without
 * them. Once the verification is applied, each such text is forwarded to the member (in the
 * transaction that applies it; the jobs after its commit) and logged as forwarded late. A text that
 * came before the member was verified is not theirs and is left alone.
 */
@Injectable()
export class LateForwardsService {
  constructor(
    @Inject(ForwardsRepository) private readonly forwards: ForwardsRepository,
    @Inject(ForwardPlanService) private readonly plans: ForwardPlanService,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(MessageLogRepository) private readonly log: MessageLogRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records the member's missed forwards; answers what queues them once the transaction committed. */
  async forVerifiedMember(manager: EntityManager, member: VerifiedMember): Promise<() => Promise<void>> {
    const missed = await this.forwards.textsMissedBy(manager, member, member.verifiedAt);
    const mfa = missed.length ? await this.directory.mfa(manager, member.mfaId) : undefined;
    if (!mfa?.isActive || !mfa.isSubscriptionActive) return async () => undefined;
    const queues: Array<() => Promise<void>> = [];
    const logged = [];
    for (const text of missed) {
      const plan = await this.plans.plan(
        manager,
        {
          messageId: text.messageId,
          mfaId: member.mfaId,
          sender: text.fromNumber,
          service: text.codeService,
        },
        { onlyMemberId: member.memberId, everyone: text.released },
      );
      if (!plan.forwards) continue;
      queues.push(plan.queue);
      const { event } = await this.log.insert(manager, {
        mfaId: member.mfaId,
        userId: mfa.userId,
        messageId: text.messageId,
        logType: 'INFO',
        mobileNo: text.toNumber,
        message: `A text from ${text.fromNumber} was forwarded late to ${member.firstName} ${member.lastName}: messaging learned of their verification after the text arrived.`,
        members: [{ firstName: member.firstName, lastName: member.lastName }],
        createdAt: this.clock.now(),
      });
      logged.push(event);
    }
    if (logged.length) await this.outbox.publishEach(manager, logged);
    return async () => {
      for (const queue of queues) await queue();
    };
  }
}
