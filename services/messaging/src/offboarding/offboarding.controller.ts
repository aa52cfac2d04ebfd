import { type OffboardingReportsList, offboardingReportsQuery } from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import type { z } from 'zod';
import { OffboardingService } from './offboarding.service.js';

/** A MultiMFA's recent offboarding reports, for its owner's detail page. */
@Controller('mfas/:mfaId/offboarding-reports')
export class OffboardingController {
  constructor(@Inject(OffboardingService) private readonly offboarding: OffboardingService) {}

  @Get()
  async recent(
    @Param('mfaId', new ParseUUIDPipe()) mfaId: string,
    @Query(new ZodPipe(offboardingReportsQuery)) query: z.output<typeof offboardingReportsQuery>,
  ): Promise<OffboardingReportsList> {
    return { reports: await this.offboarding.recent(query.userId, mfaId) };
  }
}
