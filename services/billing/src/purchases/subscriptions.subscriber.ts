import { EventContext } from '@multimfa/event-bus';
import { mfaDeleted, mfaUpdated, type PayloadOf, userDeleted, userStatusChanged } from '@multimfa/events';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { UsageSettlementsRepository } from '../usage/usage-settlements.repository.js';
import { PurchasesRepository } from './purchases.repository.js';

/**
 * Subscriptions follow what exists: the customer switches auto-renewal on the MFA's detail page
 * (numbers), which decides whether its last card may be deleted; an MFA deleted (by its owner or an
 * administrator) or a deleted owner ends its subscriptions at once, so nothing is renewed for what no
 * longer exists, and the texts over the allowance it actually received in its last period are invoiced
 * at that period's end. A deactivated owner's subscriptions stop renewing at once (below). Each
 * handler writes through the event's own transaction, which records its id: a redelivered event is
 * applied once.
 */
@Controller()
export class SubscriptionsSubscriber {
  constructor(
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(UsageSettlementsRepository) private readonly settlements: UsageSettlementsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(mfaUpdated)
  async onMfaUpdated(@Payload() mfa: PayloadOf<typeof mfaUpdated>): Promise<void> {
    await this.purchases.setAutoRenewal({ userId: mfa.userId, mfaId: mfa.mfaId }, mfa.autoRenewal);
  }

  @EventPattern(mfaDeleted)
  async onMfaDeleted(@Payload() deletion: PayloadOf<typeof mfaDeleted>, @Ctx() context: EventContext) {
    const manager = context.getManager();
    const { ended, wereActive } = await this.purchases.endSubscriptions(
      manager,
      { mfaId: deletion.mfaId },
      new Date(deletion.deletedAt),
    );
    await this.settlements.schedule(manager, wereActive, 'ENDED', 'payment-date');
    this.logger.info({ mfaId: deletion.mfaId, ended: ended.length }, 'subscription of a deleted MFA ended');
  }

  @EventPattern(userDeleted)
  async onUserDeleted(@Payload() deletion: PayloadOf<typeof userDeleted>, @Ctx() context: EventContext) {
    const manager = context.getManager();
    const deletedAt = new Date(deletion.deletedAt);
    await this.purchases.recordUserDeleted(manager, deletion.userId, deletedAt);
    const { ended, wereActive } = await this.purchases.endSubscriptions(
      manager,
      { userId: deletion.userId },
      deletedAt,
    );
    await this.settlements.schedule(manager, wereActive, 'ENDED', 'payment-date');
    this.logger.info(
      { userId: deletion.userId, ended: ended.length },
      "subscriptions of a deleted user's MFAs ended",
    );
  }

  /**
   * An administrator deactivated (`isActive: false`) or reactivated the user. Deactivation switches
   * auto-renewal off on the user's subscriptions at once, and from then on billing never charges the
   * user's card by itself (renewals and overage both check the owner's standing, so an auto-renewal
   * switched back on by a late MFA update cannot charge either): each subscription stays ACTIVE until
   * the end of the period already paid for, then expires (AUTO_RENEWAL_OFF), and numbers and
   * messaging follow as for any expiry.
   *
   * Auto-renewal off rather than ENDED: deactivation can be undone, ENDED cannot (an ENDED subscription
   * is never renewed, reactivated or changed again, and numbers is never told, so a reactivated
   * customer's MFAs would keep forwarding unpaid, with no way to pay for them). Reactivation records the
   * user active again and changes nothing else: auto-renewal stays off until the customer switches it
   * on again on the MFA's page, so a reactivation never charges a card the customer had not chosen to
   * be charged again; an expired subscription is renewed as any other, by paying its invoice or buying
   * a plan.
   */
  @EventPattern(userStatusChanged)
  async onUserStatusChanged(
    @Payload() change: PayloadOf<typeof userStatusChanged>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const manager = context.getManager();
    const said = new Date(context.getEnvelope().occurredAt);
    if (!(await this.purchases.recordUserStatus(manager, change.userId, change.isActive, said))) {
      this.logger.info({ userId: change.userId }, 'an older status change of a user skipped');
      return;
    }
    if (change.isActive) {
      this.logger.info({ userId: change.userId }, 'user reactivated; auto-renewal stays as it is (off)');
      return;
    }
    const stopped = await this.purchases.stopRenewals(manager, change.userId);
    this.logger.info(
      { userId: change.userId, stopped: stopped.length },
      "user deactivated: auto-renewal of the user's subscriptions switched off",
    );
  }
}
