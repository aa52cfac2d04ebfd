import {
  type AddMemberRequest,
  addMemberRequest,
  type MemberRecord,
} from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { MembersService } from './members.service.js';

const mfaUuid = new ZodPipe(z.uuid({ error: 'MFA not found' }));
const memberUuid = new ZodPipe(z.uuid({ error: 'Member not found' }));

/** A user's MultiMFA's members, for the gateway. */
@Controller()
export class MembersController {
  constructor(@Inject(MembersService) private readonly members: MembersService) {}

  @Get('users/:userId/mfas/:mfaId/members')
  list(
    @Param('userId', mfaUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
  ): Promise<MemberRecord[]> {
    return this.members.list(userId, mfaId);
  }

  @Post('users/:userId/mfas/:mfaId/members')
  @HttpCode(201)
  add(
    @Param('userId', mfaUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
    @Body(new ZodPipe(addMemberRequest)) request: AddMemberRequest,
  ): Promise<MemberRecord> {
    return this.members.add(userId, mfaId, request);
  }

  @Post('users/:userId/mfas/:mfaId/seat-checks')
  @HttpCode(200)
  seatCheck(
    @Param('userId', mfaUuid) userId: string,
    @Param('mfaId', mfaUuid) mfaId: string,
  ): Promise<{ free: true }> {
    return this.members.hasDestinationSeat(userId, mfaId);
  }

  @Delete('users/:userId/members/:memberId')
  @HttpCode(200)
  async remove(
    @Param('userId', memberUuid) userId: string,
    @Param('memberId', memberUuid) memberId: string,
  ): Promise<null> {
    await this.members.remove(userId, memberId);
    return null;
  }
}
