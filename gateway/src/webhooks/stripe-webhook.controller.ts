import { Controller, Headers, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { PublicRoute } from '../access/serves.decorator.js';
import { StripeSignatureGuard } from './stripe-signature.guard.js';
import { WebhookBody } from './webhook-body.decorator.js';
import { STRIPE_WEBHOOK_PATH } from './webhook-routes.config.js';
import { WebhooksService } from './webhooks.service.js';

/** Stripe's webhook, signed over its raw body (StripeSignatureGuard, then billing); no session, no XSRF token. */
@Controller()
@UseGuards(StripeSignatureGuard)
export class StripeWebhookController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Post(STRIPE_WEBHOOK_PATH)
  @PublicRoute()
  @HttpCode(200)
  receive(
    @WebhookBody() body: Buffer,
    @Headers('stripe-signature') signature: string,
  ): Promise<{ received: true }> {
    return this.webhooks.forwardStripe(body, signature);
  }
}
