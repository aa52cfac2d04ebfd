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
import { Body, Controller, HttpCode, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import { unauthenticated } from '../access/access-errors.js';
import { Serves } from '../access/serves.decorator.js';
import '../session/session-user.js';
import { PaymentService } from './payment.service.js';

/** The signed-in caller (the access guard let only signed-in users through); never an id from the body. */
function signedInUser(req: Request): string {
  const userId = req.session.user?.userId;
  if (!userId) throw unauthenticated(false);
  return userId;
}

/** Discount codes and the payment intent of a purchase (customer-area Payment). */
@Controller()
export class PaymentController {
  constructor(@Inject(PaymentService) private readonly payment: PaymentService) {}

  @Serves(applyDiscount)
  @HttpCode(200)
  async applyDiscount(
    @Req() req: Request,
    @Body() body: z.output<typeof applyDiscountBody>,
  ): Promise<Envelope<DiscountResult>> {
    return ok(await this.payment.applyDiscount(signedInUser(req), body), 'Discount applied successfully');
  }

  @Serves(quotePayment)
  @HttpCode(200)
  async quote(
    @Req() req: Request,
    @Body() body: z.output<typeof createIntentBody>,
  ): Promise<Envelope<PaymentQuote>> {
    return ok(await this.payment.quote(signedInUser(req), body));
  }

  @Serves(createIntent)
  @HttpCode(200)
  async createIntent(
    @Req() req: Request,
    @Body() body: z.output<typeof createIntentBody>,
  ): Promise<Envelope<PaymentIntentAnswer>> {
    return ok(await this.payment.createIntent(signedInUser(req), body));
  }
}
