import { DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  InvalidWebhookSignature,
  PaymentsProvider,
  type ProviderEvent,
} from '../stripe/payments-provider.port.js';
import { PurchasesService } from './purchases.service.js';

export const invalidSignature = () =>
  new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid', 400);

/**
 * Stripe's webhook: only signed deliveries are read. `payment_intent.succeeded` completes the
 * checkout named in the intent's metadata, as the browser's return would (the event's id is recorded
 * with that work, so a redelivery does nothing); other events are acknowledged and ignored.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(PurchasesService) private readonly purchases: PurchasesService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async receive(payload: string, signature: string): Promise<void> {
    let event: ProviderEvent;
    try {
      event = this.payments.verifyWebhook(payload, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw invalidSignature();
      throw error;
    }
    if (event.type !== 'payment_intent.succeeded' || !event.paymentIntent) return;
    const intent = event.paymentIntent;
    const checkoutId = z.uuid().safeParse(intent.metadata.checkoutId);
    if (!checkoutId.success) return;
    try {
      const ours = await this.purchases.completeFromEvent(event, intent.id, checkoutId.data);
      if (!ours) this.logger.warn({ eventId: event.id }, 'a succeeded PaymentIntent matches no checkout');
    } catch (error) {
      // Refused for good (a refunded or mismatched payment): acknowledged, so Stripe stops resending.
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      this.logger.warn({ eventId: event.id, code: error.code }, 'payment_intent.succeeded not completed');
    }
  }
}
