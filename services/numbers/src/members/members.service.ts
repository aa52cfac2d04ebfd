import { randomUUID } from 'node:crypto';
import { seatsOf } from '@multimfa/api-contract';
import { Outbox } from '@multimfa/event-bus';
import { memberAdded, memberRemoved } from '@multimfa/events';
import type { AddMemberRequest, MemberRecord } from '@multimfa/service-contracts/numbers';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { mfaNotFound } from '../mfas/mfas.errors.js';
import { MemberEntity } from './member.entity.js';
import { invalidMobile, memberNotFound, seatsExceeded } from './members.errors.js';
import { MembersRepository } from './members.repository.js';

export function toMemberRecord(member: MemberEntity): MemberRecord {
  return {
    memberId: member.memberId,
    firstName: member.firstName,
    lastName: member.lastName,
    mobileNo: member.mobileNo,
    email: member.email,
    forwardMedium: member.forwardMedium,
    status: member.status,
    isVerified: member.status === 'VERIFIED',
  };
}

/** The mobile number in E.164 (international format only: there is no country to assume). */
function e164(mobileNo: string): string {
  const parsed = parsePhoneNumberFromString(mobileNo);
  if (!parsed?.isValid()) throw invalidMobile();
  return parsed.number;
}

/**
 * The members of a MultiMFA. Seats are counted here whatever the browser counted: adding locks the
 * MultiMFA's row, counts, and inserts in one transaction, so two adds racing for the last seat are
 * served one after the other and the second is refused.
 */
@Injectable()
export class MembersService {
  constructor(
    @Inject(MembersRepository) private readonly members: MembersRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(userId: string, mfaId: string): Promise<MemberRecord[]> {
    const members = await this.members.listOf(userId, mfaId);
    if (!members) throw mfaNotFound();
    return members.map(toMemberRecord);
  }

  /**
   * Whether one more destination fits the MultiMFA's seats (members' seats plus destinations below its
   * plan's): SEATS_EXCEEDED when not. The gateway asks before messaging adds one; messaging's event
   * then counts it here.
   */
  async hasDestinationSeat(userId: string, mfaId: string): Promise<{ free: true }> {
    return this.members.transaction(async (manager) => {
      const seats = await this.members.lockMultiMfa(manager, userId, mfaId);
      if (seats === undefined) throw mfaNotFound();
      if ((await this.members.seatsTaken(manager, mfaId)) + 1 > seats) throw seatsExceeded();
      return { free: true as const };
    });
  }

  async add(userId: string, mfaId: string, request: AddMemberRequest): Promise<MemberRecord> {
    const member = Object.assign(new MemberEntity(), {
      memberId: randomUUID(),
      mfaId,
      firstName: request.firstName,
      lastName: request.lastName,
      mobileNo: request.forwardMedium === 'EMAIL' ? '' : e164(request.mobileNo),
      email: request.forwardMedium === 'MOBILE_NUMBER' ? '' : request.email,
      forwardMedium: request.forwardMedium,
      status: 'AWAITING_INVITE' as const,
    });
    return this.members.transaction(async (manager) => {
      const seats = await this.members.lockMultiMfa(manager, userId, mfaId);
      if (seats === undefined) throw mfaNotFound();
      const taken = await this.members.seatsTaken(manager, mfaId);
      if (taken + seatsOf(member.forwardMedium) > seats) throw seatsExceeded();
      await this.members.insert(manager, member);
      const record = toMemberRecord(member);
      await this.outbox.publish(manager, memberAdded, {
        ...record,
        mfaId,
        userId,
        addedAt: this.clock.now().toISOString(),
      });
      return record;
    });
  }

  async remove(userId: string, memberId: string): Promise<void> {
    await this.members.transaction(async (manager) => {
      const found = await this.members.find(manager, userId, memberId);
      if (!found) throw memberNotFound();
      await this.members.delete(manager, memberId);
      await this.outbox.publish(manager, memberRemoved, {
        memberId,
        mfaId: found.member.mfaId,
        userId,
        removedAt: this.clock.now().toISOString(),
        firstName: found.member.firstName,
        lastName: found.member.lastName,
      });
    });
  }
}
