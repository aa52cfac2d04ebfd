import { Outbox } from '@multimfa/event-bus';
import {
  mfaUpdated,
  type PayloadOf,
  type subscriptionExpired,
  type subscriptionRenewed,
} from '@multimfa/events';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AllocationService } from '../allocation/allocation.service.js';
import { MfasRepository } from '../mfas/mfas.repository.js';
import { eventState } from '../mfas/mfas.service.js';
import { NumberHoldingService } from '../pool/number-holding.service.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/**
 * Billing's renewals and expiries as numbers applies them: an expired subscription's MFA is inactive
 * (`numbers.mfa.updated` with `isSubscriptionActive: false`, so messaging forwards nothing) and its
 * number is reserved for the customer; a renewal or a paid renewal invoice makes it active again, with
 * its reserved number back, or a new one when the reservation ran out.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(MfasRepository) private readonly mfas: MfasRepository,
    @Inject(NumberHoldingService) private readonly holding: NumberHoldingService,
    @Inject(AllocationService) private readonly allocation: AllocationService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Applies an expiry in the caller's transaction; an unknown MFA is logged and skipped. */
  async expired(manager: EntityManager, event: PayloadOf<typeof subscriptionExpired>): Promise<void> {
    const mfa = await this.subscriptions.lock(manager, event.userId, event.mfaId);
    if (!mfa) {
      this.logger.warn({ mfaId: event.mfaId }, 'expired subscription of an unknown MFA; skipped');
      return;
    }
    if (!mfa.isSubscriptionActive) return;
    await this.subscriptions.setActive(manager, mfa.mfaId, { isSubscriptionActive: false });
    if (mfa.phoneNumberId !== null && mfa.numberState === 'OCCUPIED')
      await this.holding.reserve(manager, mfa.phoneNumberId, mfa.userId, new Date(event.expiredAt));
    await this.publish(manager, event.userId, event.mfaId);
  }

  /**
   * Applies a renewal in the caller's transaction; answers what to run after the commit (pointing a
   * newly assigned number's webhook).
   */
  async renewed(
    manager: EntityManager,
    event: PayloadOf<typeof subscriptionRenewed>,
  ): Promise<(() => Promise<void>) | undefined> {
    const mfa = await this.subscriptions.lock(manager, event.userId, event.mfaId);
    if (!mfa) {
      this.logger.warn({ mfaId: event.mfaId }, 'renewed subscription of an unknown MFA; skipped');
      return undefined;
    }
    await this.subscriptions.setActive(manager, mfa.mfaId, {
      isSubscriptionActive: true,
      nextPaymentDate: new Date(event.nextPaymentDate),
    });
    let afterCommit: (() => Promise<void>) | undefined;
    if (mfa.phoneNumberId !== null && mfa.numberState === 'RESERVED')
      await this.holding.restore(manager, mfa.phoneNumberId);
    else if (mfa.phoneNumberId === null && mfa.waitingSince === null) {
      const assignment = await this.allocation.allocate(
        manager,
        { mfaId: mfa.mfaId, MFAType: mfa.mfaType, userId: mfa.userId },
        mfa.countryIso,
      );
      afterCommit = assignment?.afterCommit;
    }
    await this.publish(manager, event.userId, event.mfaId);
    return afterCommit;
  }

  private async publish(manager: EntityManager, userId: string, mfaId: string): Promise<void> {
    const view = await this.mfas.find(userId, mfaId, manager);
    if (!view) return;
    await this.outbox.publish(manager, mfaUpdated, {
      ...eventState(view),
      purchaseId: null,
      updatedAt: this.clock.now().toISOString(),
    });
  }
}
