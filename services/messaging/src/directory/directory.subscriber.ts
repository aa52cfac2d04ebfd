import { EventContext } from '@multimfa/event-bus';
import {
  memberAdded,
  memberRemoved,
  mfaCreated,
  mfaDeleted,
  mfaUpdated,
  numberAssigned,
  numberQuarantined,
  numberReleased,
  type PayloadOf,
} from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { BotKeyCache } from '../bot-feed/bot-key.cache.js';
import { DirectoryRepository, type MemberView } from './directory.repository.js';

const memberOf = (member: PayloadOf<typeof memberAdded>): MemberView => ({
  memberId: member.memberId,
  mfaId: member.mfaId,
  firstName: member.firstName,
  lastName: member.lastName,
  mobileNo: member.mobileNo,
  email: member.email,
  forwardMedium: member.forwardMedium,
  status: member.status,
});

/**
 * Numbers' MFAs, numbers and members become messaging's own view, so an inbound text is routed without
 * calling numbers. Each event is applied once (the consumer records its id in the same transaction).
 * A member's verification is applied by forwarding (`MemberVerifiedSubscriber`), which also forwards
 * them the texts that came while the directory did not know it yet.
 */
@Controller()
export class DirectorySubscriber {
  constructor(
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(BotKeyCache) private readonly botKeys: BotKeyCache,
  ) {}

  /** An MFA's state decides whether its bots' keys open its feed: the kept keys are looked up again. */
  @EventPattern(mfaCreated)
  async onMfaCreated(@Payload() mfa: PayloadOf<typeof mfaCreated>, @Ctx() context: EventContext) {
    await this.directory.upsertMfa(context.getManager(), mfa, new Date(mfa.createdAt));
    context.afterCommit(() => this.botKeys.forget({ mfaId: mfa.mfaId }));
  }

  @EventPattern(mfaUpdated)
  async onMfaUpdated(@Payload() mfa: PayloadOf<typeof mfaUpdated>, @Ctx() context: EventContext) {
    await this.directory.upsertMfa(context.getManager(), mfa);
    context.afterCommit(() => this.botKeys.forget({ mfaId: mfa.mfaId }));
  }

  @EventPattern(numberAssigned)
  async onNumberAssigned(
    @Payload() assignment: PayloadOf<typeof numberAssigned>,
    @Ctx() context: EventContext,
  ) {
    await this.directory.assignNumber(context.getManager(), assignment);
  }

  /** Texts to a quarantined number belong to nobody: they are kept and logged, never forwarded to the old team. */
  @EventPattern(numberQuarantined)
  async onNumberQuarantined(
    @Payload() quarantine: PayloadOf<typeof numberQuarantined>,
    @Ctx() context: EventContext,
  ) {
    await this.directory.numberLeft(context.getManager(), quarantine.number, quarantine.mfaId);
  }

  /** A released number is free in the pool: still nobody's until `numbers.number.assigned`. */
  @EventPattern(numberReleased)
  async onNumberReleased(@Payload() release: PayloadOf<typeof numberReleased>, @Ctx() context: EventContext) {
    await this.directory.numberLeft(context.getManager(), release.number, null);
  }

  @EventPattern(mfaDeleted)
  async onMfaDeleted(@Payload() deletion: PayloadOf<typeof mfaDeleted>, @Ctx() context: EventContext) {
    await this.directory.mfaDeleted(context.getManager(), deletion.mfaId, deletion.number);
    context.afterCommit(() => this.botKeys.forget({ mfaId: deletion.mfaId }));
  }

  @EventPattern(memberAdded)
  async onMemberAdded(@Payload() member: PayloadOf<typeof memberAdded>, @Ctx() context: EventContext) {
    await this.directory.upsertMember(context.getManager(), memberOf(member));
  }

  @EventPattern(memberRemoved)
  async onMemberRemoved(@Payload() member: PayloadOf<typeof memberRemoved>, @Ctx() context: EventContext) {
    await this.directory.removeMember(context.getManager(), member.memberId);
  }
}
