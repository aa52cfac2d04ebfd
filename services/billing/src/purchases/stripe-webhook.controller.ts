import { type stripeWebhookAnswer, stripeWebhookRequest } from '@multimfa/service-contracts/billing';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import type { z } from 'zod';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Controller('webhooks/stripe')
export class StripeWebhookController {
  constructor(@Inject(StripeWebhookService) private readonly webhook: StripeWebhookService) {}

  @Post()
  @HttpCode(200)
  async receive(
    @Body(new ZodPipe(stripeWebhookRequest)) body: z.output<typeof stripeWebhookRequest>,
  ): Promise<z.output<typeof stripeWebhookAnswer>> {
    await this.webhook.receive(body.payload, body.signature);
    return { received: true };
  }
}
