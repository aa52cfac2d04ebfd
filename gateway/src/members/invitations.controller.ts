import {
  activateMember,
  type Envelope,
  type Invitation,
  invitationByToken,
  type Member,
  rejectInvitation,
  requestActivation,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations: the owner sends them; the invited member, without an account, answers them. */
@Controller()
export class InvitationsController {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Serves(requestActivation)
  @HttpCode(200)
  async send(
    @SignedInUserId() userId: string,
    @Body() body: { memberId: string },
  ): Promise<Envelope<{ dbMember: Member }>> {
    const dbMember = await this.invitations.send(userId, body.memberId);
    return ok({ dbMember }, 'Invitation sent successfully');
  }

  @Serves(invitationByToken)
  async lookup(@Param() params: { token: string }): Promise<Envelope<Invitation>> {
    return ok(await this.invitations.lookup(params.token));
  }

  @Serves(activateMember)
  @HttpCode(200)
  async accept(@Body() body: { token: string }): Promise<Envelope<null>> {
    await this.invitations.accept(body.token);
    return ok(null, 'Thank you for accepting the invite.');
  }

  @Serves(rejectInvitation)
  async reject(@Body() body: { id: string }): Promise<Envelope<null>> {
    await this.invitations.reject(body.id);
    return ok(null, 'Your response has been recorded and the sender will be notified.');
  }
}
