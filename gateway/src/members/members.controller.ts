import {
  addMember,
  addMemberBody,
  deleteMember,
  type Envelope,
  type Member,
  type MultiMfaDetails,
  memberParams,
  mfaDetails,
  saveMfa,
  saveMfaBody,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SessionsService } from '../session/sessions.service.js';
import { MembersService } from './members.service.js';

/** The MultiMFA detail page: its fields, and its members (signed-in customers, their own only). */
@Controller()
export class MembersController {
  constructor(
    @Inject(MembersService) private readonly members: MembersService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  private userId(req: Request): string {
    return this.sessions.signedInUserId(req) ?? '';
  }

  @Serves(mfaDetails)
  @HttpCode(200)
  async details(
    @Req() req: Request,
    @Body() body: { multiMFAId: string },
  ): Promise<Envelope<MultiMfaDetails>> {
    return ok(await this.members.details(this.userId(req), body.multiMFAId));
  }

  @Serves(saveMfa)
  @HttpCode(200)
  async save(
    @Req() req: Request,
    @Body() body: z.output<typeof saveMfaBody>,
  ): Promise<Envelope<{ MFA: MultiMfaDetails; nextPaymentDate: string; isSubscriptionActive: boolean }>> {
    const { multiMFAId, ...change } = body;
    const mfa = await this.members.save(this.userId(req), multiMFAId, change);
    return ok(
      { MFA: mfa, nextPaymentDate: mfa.nextPaymentDate, isSubscriptionActive: mfa.isSubscriptionActive },
      'Changes saved successfully',
    );
  }

  @Serves(addMember)
  @HttpCode(200)
  async add(
    @Req() req: Request,
    @Body() body: z.output<typeof addMemberBody>,
  ): Promise<Envelope<{ dbMember: Member }>> {
    const { multiMFAId, ...fields } = body;
    const dbMember = await this.members.add(this.userId(req), multiMFAId, fields);
    return ok({ dbMember }, 'Member added successfully');
  }

  @Serves(deleteMember)
  async remove(@Req() req: Request, @Param() params: z.output<typeof memberParams>): Promise<Envelope<null>> {
    await this.members.remove(this.userId(req), params.memberId);
    return ok(null, 'Member deleted successfully');
  }
}
