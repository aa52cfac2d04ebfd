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
import { Body, Controller, HttpCode, Inject, Param } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { MembersService } from './members.service.js';

/** The MultiMFA detail page: its fields, and its members (signed-in customers, their own only). */
@Controller()
export class MembersController {
  constructor(@Inject(MembersService) private readonly members: MembersService) {}

  @Serves(mfaDetails)
  @HttpCode(200)
  async details(
    @SignedInUserId() userId: string,
    @Body() body: { multiMFAId: string },
  ): Promise<Envelope<MultiMfaDetails>> {
    return ok(await this.members.details(userId, body.multiMFAId));
  }

  @Serves(saveMfa)
  @HttpCode(200)
  async save(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof saveMfaBody>,
  ): Promise<Envelope<{ MFA: MultiMfaDetails; nextPaymentDate: string; isSubscriptionActive: boolean }>> {
    const { multiMFAId, ...change } = body;
    const mfa = await this.members.save(userId, multiMFAId, change);
    return ok(
      { MFA: mfa, nextPaymentDate: mfa.nextPaymentDate, isSubscriptionActive: mfa.isSubscriptionActive },
      'Changes saved successfully',
    );
  }

  @Serves(addMember)
  @HttpCode(200)
  async add(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof addMemberBody>,
  ): Promise<Envelope<{ dbMember: Member }>> {
    const { multiMFAId, ...fields } = body;
    const dbMember = await this.members.add(userId, multiMFAId, fields);
    return ok({ dbMember }, 'Member added successfully');
  }

  @Serves(deleteMember)
  async remove(
    @SignedInUserId() userId: string,
    @Param() params: z.output<typeof memberParams>,
  ): Promise<Envelope<null>> {
    await this.members.remove(userId, params.memberId);
    return ok(null, 'Member deleted successfully');
  }
}
