import { mfaUpdated, type PayloadOf } from '@multimfa/events';
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PurchasesRepository } from './purchases.repository.js';

/**
 * The customer switches auto-renewal on the MFA's detail page (numbers): billing's subscription
 * follows, since whether a subscription renews decides whether its last card may be deleted.
 */
@Controller()
export class SubscriptionsSubscriber {
  constructor(@Inject(PurchasesRepository) private readonly purchases: PurchasesRepository) {}

  @EventPattern(mfaUpdated)
  async onMfaUpdated(@Payload() mfa: PayloadOf<typeof mfaUpdated>): Promise<void> {
    await this.purchases.setAutoRenewal({ userId: mfa.userId, mfaId: mfa.mfaId }, mfa.autoRenewal);
  }
}
