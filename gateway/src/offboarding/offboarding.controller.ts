import { type Envelope, listOffboardingReports, type OffboardingReport } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller, Inject, Param } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { OffboardingService } from './offboarding.service.js';

/** The MultiMFA detail page's offboarding reports (owner only). */
@Controller()
export class OffboardingController {
  constructor(@Inject(OffboardingService) private readonly offboarding: OffboardingService) {}

  @Serves(listOffboardingReports)
  async list(
    @SignedInUserId() userId: string,
    @Param() params: { multiMFAId: string },
  ): Promise<Envelope<{ reports: OffboardingReport[] }>> {
    return ok({ reports: await this.offboarding.recent(userId, params.multiMFAId) });
  }
}
