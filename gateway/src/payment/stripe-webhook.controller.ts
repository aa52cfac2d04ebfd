import { DomainError } from '@multimfa/service-runtime';
import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { PublicRoute } from '../access/serves.decorator.js';
import { PaymentService } from './payment.service.js';

/** Where Stripe's webhook is kept unparsed (configureHttp), for its signature. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/**
 * Stripe's webhook: authenticated by `Stripe-Signature` over the raw body, which billing verifies;
 * no session, no XSRF token (webhooks are exempt).
 */
@Controller()
export class StripeWebhookController {
  constructor(@Inject(PaymentService) private readonly payment: PaymentService) {}

  @Post(STRIPE_WEBHOOK_PATH)
  @PublicRoute()
  @HttpCode(200)
  async receive(
    @Req() req: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0 || !signature) {
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid', 400);
    }
    await this.payment.forwardStripeWebhook(body.toString('utf8'), signature);
    return { received: true };
  }
}
