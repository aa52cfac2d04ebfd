import type { PayloadOf, usageCounted } from '@multimfa/events';
import type { UsageRecord } from '@multimfa/service-contracts/billing';
import { LOGGER, type Logger, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UsageRepository } from './usage.repository.js';
import { usagePeriodStart } from './usage.rules.js';

/** Metering: every inbound text counted once, per subscription and period. */
@Injectable()
export class UsageService {
  constructor(
    @Inject(UsageRepository) private readonly usage: UsageRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Adds the event's texts to its period's count, in the transaction that records the event as
   * applied (so a redelivered event counts once).
   */
  async count(manager: EntityManager, counted: PayloadOf<typeof usageCounted>): Promise<void> {
    const subscription = await this.usage.lockSubscription(manager, counted.subscriptionId);
    if (!subscription)
      throw new NotFoundError(`No subscription ${counted.subscriptionId}`, 'SUBSCRIPTION_NOT_FOUND');
    const countedAt = new Date(counted.countedAt);
    const periodStart = usagePeriodStart(subscription, countedAt);
    if (countedAt < subscription.periodStart)
      this.logger.info(
        { subscriptionId: subscription.id, usageId: counted.usageId },
        'usage of a renewed period metered in the current one',
      );
    await this.usage.add(manager, subscription.id, periodStart, counted.texts);
  }

  /** Texts used in the current period of the user's MFA, and its plan's allowance. */
  async current(userId: string, mfaId: string): Promise<UsageRecord> {
    const subscription = await this.usage.findByMfa(userId, mfaId);
    if (!subscription) throw new NotFoundError('No such MFA of yours', 'MFA_NOT_FOUND');
    return {
      mfaId,
      periodStart: subscription.periodStart.toISOString(),
      periodEnd: subscription.nextPaymentDate.toISOString(),
      textsUsed: await this.usage.texts(undefined, subscription.id, subscription.periodStart),
      textsAllowed: subscription.textsPerMonth,
      extraTextPriceCents: subscription.extraTextPriceCents,
    };
  }
}
