import { adminMfaDeleteQuery } from '@multimfa/service-contracts/numbers';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Delete, HttpCode, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { MfaDeletionService } from './mfa-deletion.service.js';

const uuid = new ZodPipe(z.uuid({ error: 'MFA not found' }));

/** The administrators' MFA commands (the gateway has checked the caller is an administrator). */
@Controller('admin/mfas')
export class AdminMfasController {
  constructor(@Inject(MfaDeletionService) private readonly deletion: MfaDeletionService) {}

  /** `DELETE /admin/mfas/:mfaId?type=MultiMFA|RoboMFA`: an MFA of another kind answers 404. */
  @Delete(':mfaId')
  @HttpCode(204)
  remove(
    @Param('mfaId', uuid) mfaId: string,
    @Query(new ZodPipe(adminMfaDeleteQuery)) query: z.output<typeof adminMfaDeleteQuery>,
  ): Promise<void> {
    return this.deletion.delete(mfaId, query.type);
  }
}
