import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Outbox } from '@multimfa/event-bus';
import { invitationRejected, invitationSent, memberVerified } from '@multimfa/events';
import type { InvitationRecord, MemberRecord } from '@multimfa/service-contracts/numbers';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { exceededInvitationLimit, INVITATION_LIMITS } from './invitation-limits.rules.js';
import { type InvitationRow, InvitationsRepository } from './invitations.repository.js';
import {
  alreadyAccepted,
  invitationNotFound,
  invitationsExceeded,
  memberAlreadyVerified,
  memberNotFound,
} from './members.errors.js';
import { MembersRepository, type MemberTeam, type OwnedMember } from './members.repository.js';
import { toMemberRecord } from './members.service.js';

/** Customer-area README: an invitation is valid for 7 days. */
export const INVITATION_VALIDITY_MS = 7 * 24 * 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Invitations: a random token of 256 bits, of which only the hash is kept, reaches the member through
 * messaging (sealed in `numbers.invitation.sent`). It is answered once, within 7 days; accepting makes
 * the member VERIFIED, rejecting sends them back to AWAITING_INVITE. Sending is limited per member,
 * MultiMFA and owner over the last 24 hours (`INVITATION_LIMITS`), counted in PostgreSQL under the
 * owner's lock: over a limit it answers 429 and publishes nothing, so no e-mail or SMS goes.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(InvitationsRepository) private readonly invitations: InvitationsRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async send(userId: string, memberId: string): Promise<MemberRecord> {
    return this.members.transaction(async (manager) => {
      await this.invitations.lockSendsOf(manager, userId);
      const owned = await this.members.lock(manager, memberId);
      if (!owned || owned.userId !== userId) throw memberNotFound();
      if (owned.member.status === 'VERIFIED') throw memberAlreadyVerified();
      const now = this.clock.now();
      const since = new Date(now.getTime() - INVITATION_LIMITS.windowMs);
      const scope = { userId, mfaId: owned.member.mfaId, memberId };
      const exceeded = exceededInvitationLimit(await this.invitations.sentSince(manager, scope, since));
      if (exceeded) throw invitationsExceeded(exceeded);
      const invitationId = randomUUID();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_VALIDITY_MS);
      await this.invitations.replace(manager, {
        invitationId,
        memberId,
        tokenHash: hashOf(token),
        expiresAt,
      });
      await this.invitations.recordSend(manager, { ...scope, invitationId, sentAt: now }, since);
      await this.members.setStatus(manager, memberId, 'INVITE_SENT');
      owned.member.status = 'INVITE_SENT';
      await this.outbox.publish(manager, invitationSent, {
        ...this.state(owned),
        invitationId,
        sealedToken: this.outbox.seal(token, invitationId),
        expiresAt: expiresAt.toISOString(),
        sentAt: now.toISOString(),
      });
      return toMemberRecord(owned.member);
    });
  }

  /** The invitation of a live token (answered or not); unknown, expired or rejected: 404. */
  async lookup(token: string): Promise<InvitationRecord> {
    return this.members.transaction(async (manager) => {
      const invitation = this.live(await this.invitations.byTokenHash(manager, hashOf(token), false));
      const owned = await this.members.lock(manager, invitation.memberId);
      if (!owned) throw invitationNotFound();
      const team = await this.members.teamOf(manager, owned.member.mfaId);
      return this.record(invitation, owned, team ?? { name: '', number: null });
    });
  }

  async accept(token: string): Promise<void> {
    await this.members.transaction(async (manager) => {
      const invitation = this.live(await this.invitations.byTokenHash(manager, hashOf(token), true));
      if (invitation.acceptedAt) throw alreadyAccepted();
      const owned = await this.members.lock(manager, invitation.memberId);
      if (!owned) throw invitationNotFound();
      const now = this.clock.now();
      await this.invitations.answer(manager, invitation.invitationId, 'accepted', now);
      await this.members.setStatus(manager, owned.member.memberId, 'VERIFIED');
      owned.member.status = 'VERIFIED';
      await this.outbox.publish(manager, memberVerified, {
        ...this.state(owned),
        invitationId: invitation.invitationId,
        verifiedAt: now.toISOString(),
      });
    });
  }

  async reject(invitationId: string): Promise<void> {
    await this.members.transaction(async (manager: EntityManager) => {
      const invitation = this.live(await this.invitations.byId(manager, invitationId));
      if (invitation.acceptedAt) throw alreadyAccepted();
      const owned = await this.members.lock(manager, invitation.memberId);
      if (!owned) throw invitationNotFound();
      const now = this.clock.now();
      await this.invitations.answer(manager, invitationId, 'rejected', now);
      await this.members.setStatus(manager, owned.member.memberId, 'AWAITING_INVITE');
      owned.member.status = 'AWAITING_INVITE';
      await this.outbox.publish(manager, invitationRejected, {
        ...this.state(owned),
        invitationId,
        rejectedAt: now.toISOString(),
      });
    });
  }

  private live(invitation: InvitationRow | undefined): InvitationRow {
    if (
      !invitation ||
      invitation.rejectedAt ||
      invitation.expiresAt.getTime() <= this.clock.now().getTime()
    ) {
      throw invitationNotFound();
    }
    return invitation;
  }

  private record(
    invitation: InvitationRow,
    { member, userId }: OwnedMember,
    team: MemberTeam,
  ): InvitationRecord {
    return {
      id: invitation.invitationId,
      firstName: member.firstName,
      lastName: member.lastName,
      mobileNo: member.mobileNo,
      event: 'MEMBER_VERIFICATION',
      isVerified: invitation.acceptedAt !== null,
      teamName: team.name,
      teamNumber: team.number,
      forwardMedium: member.forwardMedium,
      ownerId: userId,
    };
  }

  private state({ member, userId }: OwnedMember) {
    return { ...toMemberRecord(member), mfaId: member.mfaId, userId };
  }
}
