import type { Retention } from '@multimfa/api-contract';
import { retentionRecord } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { NUMBERS } from '../upstream/upstream.module.js';

/** An MFA's retention: numbers owns it and checks the owner (another customer's MFA: 404). */
@Injectable()
export class RetentionService {
  constructor(@Inject(NUMBERS) private readonly numbers: ServiceClient) {}

  get(userId: string, mfaId: string): Promise<Retention> {
    return this.numbers.get(`/users/${userId}/mfas/${encodeURIComponent(mfaId)}/retention`, retentionRecord);
  }

  set(userId: string, mfaId: string, change: Retention): Promise<Retention> {
    return this.numbers.put(
      `/users/${userId}/mfas/${encodeURIComponent(mfaId)}/retention`,
      retentionRecord,
      change,
    );
  }
}
