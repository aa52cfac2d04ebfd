import {
  type InvitationRecord,
  invitationIdParam,
  invitationTokenRequest,
  type MemberRecord,
} from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { InvitationsService } from './invitations.service.js';

const memberUuid = new ZodPipe(z.uuid({ error: 'Member not found' }));
const tokenBody = new ZodPipe(invitationTokenRequest);

/** Invitations, for the gateway: sent by the owner, looked up and answered by the member. */
@Controller()
export class InvitationsController {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Post('users/:userId/members/:memberId/invitations')
  @HttpCode(201)
  send(
    @Param('userId', memberUuid) userId: string,
    @Param('memberId', memberUuid) memberId: string,
  ): Promise<MemberRecord> {
    return this.invitations.send(userId, memberId);
  }

  @Post('invitations/lookup')
  @HttpCode(200)
  lookup(@Body(tokenBody) body: { token: string }): Promise<InvitationRecord> {
    return this.invitations.lookup(body.token);
  }

  @Post('invitations/accept')
  @HttpCode(200)
  async accept(@Body(tokenBody) body: { token: string }): Promise<null> {
    await this.invitations.accept(body.token);
    return null;
  }

  @Post('invitations/:invitationId/reject')
  @HttpCode(200)
  async reject(@Param('invitationId', new ZodPipe(invitationIdParam)) invitationId: string): Promise<null> {
    await this.invitations.reject(invitationId);
    return null;
  }
}
