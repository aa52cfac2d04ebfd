import { mfaIdParam, type UsageRecord, userIdParam } from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Param } from '@nestjs/common';
import { UsageService } from './usage.service.js';

@Controller('users/:userId/mfas/:mfaId/usage')
export class UsageController {
  constructor(@Inject(UsageService) private readonly usage: UsageService) {}

  /** Texts used in the current period of the user's MFA and its allowance (another user's: 404). */
  @Get()
  current(
    @Param('userId', new ZodPipe(userIdParam)) userId: string,
    @Param('mfaId', new ZodPipe(mfaIdParam)) mfaId: string,
  ): Promise<UsageRecord> {
    return this.usage.current(userId, mfaId);
  }
}
