import type {
  applyDiscountBody,
  createIntentBody,
  DiscountResult,
  PaymentIntentAnswer,
  PaymentQuote,
} from '@multimfa/api-contract';
import { checkoutAnswer, checkoutQuote, discountCheckAnswer } from '@multimfa/service-contracts/billing';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING } from '../upstream/upstream.module.js';
import { PaymentCustomerService } from './payment-customer.service.js';

/** Billing's checkout request for /api's create-intent body. */
function checkoutRequestOf(body: z.output<typeof createIntentBody>) {
  return {
    MFAType: body.MFAType,
    planId: body.planId,
    name: body.name,
    description: body.description,
    countryId: body.countryId,
    upgradeMfaId: body.upgradeMultiMFAId,
    discountId: body.discountId,
  };
}

/** The payment calls of /api: billing computes every amount; the session names the user. */
@Injectable()
export class PaymentService {
  constructor(
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(PaymentCustomerService) private readonly customers: PaymentCustomerService,
  ) {}

  applyDiscount(userId: string, body: z.output<typeof applyDiscountBody>): Promise<DiscountResult> {
    return this.billing.post(`/users/${userId}/discounts/check`, discountCheckAnswer, {
      code: body.code,
      planId: body.planId,
    });
  }

  /** The payment page's quote: billing prices the request exactly as create-intent will. */
  quote(userId: string, body: z.output<typeof createIntentBody>): Promise<PaymentQuote> {
    return this.billing.post(`/users/${userId}/checkouts/quote`, checkoutQuote, checkoutRequestOf(body));
  }

  /** Billing's checkout makes the user's Stripe customer on their first create-intent. */
  async createIntent(userId: string, body: z.output<typeof createIntentBody>): Promise<PaymentIntentAnswer> {
    const checkout = await this.customers.whenRecorded(userId, () =>
      this.billing.post(`/users/${userId}/checkouts`, checkoutAnswer, checkoutRequestOf(body)),
    );
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
      waitlistOffer: checkout.waitlistOffer,
    };
  }
}
