import { EventContext } from '@multimfa/event-bus';
import { mfaDeleted, mfaUpdated, type PayloadOf, userDeleted } from '@multimfa/events';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Controller, Inject } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PurchasesRepository } from './purchases.repository.js';

/**
 * Subscriptions follow what exists: the customer switches auto-renewal on the MFA's detail page
 * (numbers), which decides whether its last card may be deleted; an MFA deleted (by its owner or an
 * administrator) or a deleted owner ends its subscriptions at once, so nothing is renewed or charged
 * for what no longer exists.
 */
@Controller()
export class SubscriptionsSubscriber {
  constructor(
    @Inject(PurchasesRepository) private readonly purchases: PurchasesRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @EventPattern(mfaUpdated)
  async onMfaUpdated(@Payload() mfa: PayloadOf<typeof mfaUpdated>): Promise<void> {
    await this.purchases.setAutoRenewal({ userId: mfa.userId, mfaId: mfa.mfaId }, mfa.autoRenewal);
  }

  @EventPattern(mfaDeleted)
  async onMfaDeleted(@Payload() deletion: PayloadOf<typeof mfaDeleted>, @Ctx() context: EventContext) {
    const ended = await this.purchases.endSubscriptions(
      context.getManager(),
      { mfaId: deletion.mfaId },
      new Date(deletion.deletedAt),
    );
    this.logger.info({ mfaId: deletion.mfaId, ended }, 'subscription of a deleted MFA ended');
  }

  @EventPattern(userDeleted)
  async onUserDeleted(@Payload() deletion: PayloadOf<typeof userDeleted>, @Ctx() context: EventContext) {
    const ended = await this.purchases.endSubscriptions(
      context.getManager(),
      { userId: deletion.userId },
      new Date(deletion.deletedAt),
    );
    this.logger.info({ userId: deletion.userId, ended }, "subscriptions of a deleted user's MFAs ended");
  }
}
