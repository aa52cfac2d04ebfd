import { Outbox } from '@multimfa/event-bus';
import { mfaDeleted } from '@multimfa/events';
import type { MfaKind } from '@multimfa/service-contracts/numbers';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { NumberHoldingService } from '../pool/number-holding.service.js';
import { mfaNotFound } from './mfas.errors.js';
import { MfasRepository } from './mfas.repository.js';

/**
 * An administrator deletes a MultiMFA or RoboMFA: its members (and their invitations) and bots go
 * with it, its number goes to quarantine, and `numbers.mfa.deleted` tells the other services, all in
 * one transaction. The purchase that created it stays recorded as applied.
 */
@Injectable()
export class MfaDeletionService {
  constructor(
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(NumberHoldingService) private readonly holding: NumberHoldingService,
    @Inject(MfasRepository) private readonly mfas: MfasRepository,
  ) {}

  async delete(mfaId: string, type: MfaKind): Promise<void> {
    await this.mfas.transaction(async (manager) => {
      const mfa = await this.mfas.lockForDeletion(manager, mfaId, type);
      if (!mfa) throw mfaNotFound();
      // Quarantined for 90 days (then free again), as every number an MFA stops using.
      if (mfa.phoneNumberId !== null) await this.holding.quarantine(manager, mfa.phoneNumberId);
      await this.mfas.delete(manager, mfaId);
      await this.outbox.publish(manager, mfaDeleted, {
        mfaId,
        MFAType: type,
        userId: mfa.userId,
        number: mfa.number,
        deletedAt: this.clock.now().toISOString(),
      });
    });
  }
}
