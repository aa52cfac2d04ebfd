import { randomUUID } from 'node:crypto';
import { currentCorrelationId } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DirectoryRepository, type MemberView } from '../directory/directory.repository.js';
import { ForwardQueue } from '../queue/forward.queue.js';
import { ForwardsRepository, forwardJobId, type NewForward } from './forwards.repository.js';

/** The forwards of one text, recorded; `queue` puts them on the forward queue once they committed. */
export interface ForwardPlan {
  /** How many forwards: one per verified member and medium. */
  forwards: number;
  /** The MFA's verified members, for the text's log entry. */
  recipients: Array<{ firstName: string; lastName: string }>;
  queue(): Promise<void>;
}

/** Each medium a member's forward medium asks for, with its destination (an empty one is skipped). */
function mediumsOf(member: MemberView): Array<{ medium: NewForward['medium']; destination: string }> {
  const email = { medium: 'EMAIL' as const, destination: member.email };
  const sms = { medium: 'SMS' as const, destination: member.mobileNo };
  const wanted =
    member.forwardMedium === 'BOTH' ? [email, sms] : member.forwardMedium === 'EMAIL' ? [email] : [sms];
  return wanted.filter((target) => target.destination.trim() !== '');
}

/**
 * Who gets a text that reached a MultiMFA: each of its VERIFIED members (messaging's directory), by
 * each medium they chose. The forwards are recorded in the transaction that stores the text; their
 * jobs are queued once it has committed (the job id, one per text, member and medium, queues each
 * once).
 */
@Injectable()
export class ForwardPlanService {
  constructor(
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(ForwardsRepository) private readonly forwards: ForwardsRepository,
    @Inject(ForwardQueue) private readonly queue: ForwardQueue,
  ) {}

  /**
   * Records the forwards of a text to its MFA's verified members (only `onlyMemberId`, when given); a
   * forward already recorded is neither recorded nor queued again.
   */
  async plan(
    manager: EntityManager,
    text: { messageId: string; mfaId: string },
    onlyMemberId?: string,
  ): Promise<ForwardPlan> {
    const members = (await this.directory.verifiedMembers(manager, text.mfaId)).filter(
      (member) => onlyMemberId === undefined || member.memberId === onlyMemberId,
    );
    const forwards: NewForward[] = members.flatMap((member) =>
      mediumsOf(member).map(({ medium, destination }) => ({
        forwardId: randomUUID(),
        messageId: text.messageId,
        mfaId: text.mfaId,
        memberId: member.memberId,
        medium,
        destination,
        firstName: member.firstName,
        lastName: member.lastName,
      })),
    );
    const inserted = await this.forwards.insertAll(manager, forwards);
    const correlationId = currentCorrelationId() ?? text.messageId;
    const jobs = forwards
      .filter((forward) => inserted.has(forward.forwardId))
      .map((forward) => ({
        forwardId: forward.forwardId,
        correlationId,
        jobId: forwardJobId(forward.messageId, forward.memberId, forward.medium),
      }));
    return {
      forwards: jobs.length,
      recipients: members.map((member) => ({ firstName: member.firstName, lastName: member.lastName })),
      queue: () => this.queue.enqueueAll(jobs),
    };
  }
}
