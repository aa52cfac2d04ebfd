import type { OffboardingReport } from '@multimfa/api-contract';
import { offboardingReportsList } from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { MESSAGING } from '../upstream/upstream.module.js';

/** A MultiMFA's offboarding reports from messaging, which checks the owner (another customer's: 404). */
@Injectable()
export class OffboardingService {
  constructor(@Inject(MESSAGING) private readonly messaging: ServiceClient) {}

  async recent(userId: string, multiMFAId: string): Promise<OffboardingReport[]> {
    const { reports } = await this.messaging.get(
      `/mfas/${encodeURIComponent(multiMFAId)}/offboarding-reports?${new URLSearchParams({ userId })}`,
      offboardingReportsList,
    );
    return reports;
  }
}
