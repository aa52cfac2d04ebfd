import {
  applyDiscount,
  type applyDiscountBody,
  createIntent,
  type createIntentBody,
  type DiscountResult,
  type Envelope,
  type PaymentIntentAnswer,
  type PaymentQuote,
  quotePayment,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { SignedInUserId } from '../session/browser.decorator.js';
import { PaymentService } from './payment.service.js';

/** Discount codes and the payment intent of a purchase (customer-area Payment). */
@Controller()
export class PaymentController {
  constructor(@Inject(PaymentService) private readonly payment: PaymentService) {}

  @Serves(applyDiscount)
  @HttpCode(200)
  async applyDiscount(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof applyDiscountBody>,
  ): Promise<Envelope<DiscountResult>> {
    return ok(await this.payment.applyDiscount(userId, body), 'Discount applied successfully');
  }

  @Serves(quotePayment)
  @HttpCode(200)
  async quote(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof createIntentBody>,
  ): Promise<Envelope<PaymentQuote>> {
    return ok(await this.payment.quote(userId, body));
  }

  @Serves(createIntent)
  @HttpCode(200)
  async createIntent(
    @SignedInUserId() userId: string,
    @Body() body: z.output<typeof createIntentBody>,
  ): Promise<Envelope<PaymentIntentAnswer>> {
    return ok(await this.payment.createIntent(userId, body));
  }
}
