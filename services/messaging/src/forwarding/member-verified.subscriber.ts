import { EventContext } from '@multimfa/event-bus';
import { memberVerified, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { LateForwardsService } from './late-forwards.service.js';

/**
 * A member accepted their invitation: the directory records them VERIFIED (later texts go to them),
 * and the texts that reached the MultiMFA since numbers verified them, before messaging knew, are
 * forwarded to them now. One transaction; the jobs are queued after its commit.
 */
@Controller()
export class MemberVerifiedSubscriber {
  constructor(
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(LateForwardsService) private readonly lateForwards: LateForwardsService,
  ) {}

  @EventPattern(memberVerified)
  async onMemberVerified(@Payload() member: PayloadOf<typeof memberVerified>, @Ctx() context: EventContext) {
    const manager = context.getManager();
    await this.directory.upsertMember(manager, {
      memberId: member.memberId,
      mfaId: member.mfaId,
      firstName: member.firstName,
      lastName: member.lastName,
      mobileNo: member.mobileNo,
      email: member.email,
      forwardMedium: member.forwardMedium,
      status: member.status,
    });
    const queue = await this.lateForwards.forVerifiedMember(manager, {
      ...member,
      verifiedAt: new Date(member.verifiedAt),
    });
    context.afterCommit(queue);
  }
}
