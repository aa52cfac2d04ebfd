import type {
  applyDiscountBody,
  createIntentBody,
  DiscountResult,
  PaymentIntentAnswer,
} from '@multimfa/api-contract';
import { checkoutAnswer, discountCheckAnswer, stripeWebhookAnswer } from '@multimfa/billing/contract';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceClient } from '../upstream/service-client.js';
import { BILLING } from '../upstream/upstream.module.js';

/** The payment calls of /api: billing computes every amount; the session names the user. */
@Injectable()
export class PaymentService {
  constructor(@Inject(BILLING) private readonly billing: ServiceClient) {}

  applyDiscount(userId: string, body: z.output<typeof applyDiscountBody>): Promise<DiscountResult> {
    return this.billing.post(`/users/${userId}/discounts/check`, discountCheckAnswer, {
      code: body.code,
      planId: body.planId,
    });
  }

  async createIntent(userId: string, body: z.output<typeof createIntentBody>): Promise<PaymentIntentAnswer> {
    const checkout = await this.billing.post(`/users/${userId}/checkouts`, checkoutAnswer, {
      MFAType: body.MFAType,
      planId: body.planId,
      name: body.name,
      description: body.description,
      countryId: body.countryId,
      upgradeMfaId: body.upgradeMultiMFAId,
      discountId: body.discountId,
    });
    return {
      checkoutId: checkout.checkoutId,
      requiresPayment: checkout.requiresPayment,
      id: checkout.paymentIntentId,
      clientSecret: checkout.clientSecret,
      amount: checkout.amountCents,
      currency: 'usd',
      actualAmount: checkout.actualAmount,
      discountedAmount: checkout.discountedAmount,
      payableAmount: checkout.payableAmount,
    };
  }

  /** Hands a Stripe webhook delivery to billing unparsed: the signature covers its exact bytes. */
  async forwardStripeWebhook(payload: string, signature: string): Promise<void> {
    await this.billing.post('/webhooks/stripe', stripeWebhookAnswer, { payload, signature });
  }
}
