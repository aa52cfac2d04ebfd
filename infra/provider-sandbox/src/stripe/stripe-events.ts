import Stripe from 'stripe';
import type { SandboxConfig } from '../config/sandbox-config.js';
import type { Background } from '../shared/background.js';
import { stripeId } from '../shared/ids.js';
import type { WebhookDispatcher } from '../shared/webhook-dispatcher.js';
import type { StripeStore } from './stripe.store.js';
import { type StripeEvent, unixNow } from './stripe.types.js';
import type { StripeContext } from './stripe-context.js';

/** Stripe retries unanswered webhooks for days; the sandbox retries a few times within a minute. */
const RETRY_DELAYS_MS = [1_000, 5_000, 20_000];

/** Records events (GET /v1/events) and POSTs them, signed, to STRIPE_WEBHOOK_URL. */
export class StripeEvents {
  constructor(
    private readonly store: StripeStore,
    private readonly config: SandboxConfig['stripe'],
    private readonly dispatcher: WebhookDispatcher,
    private readonly background: Background,
  ) {}

  emit(type: Stripe.Event.Type, object: object, ctx: StripeContext): StripeEvent {
    const delivers = this.delivers(type);
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: ctx.apiVersion,
      created: unixNow(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: delivers ? 1 : 0,
      request: { id: ctx.requestId || null, idempotency_key: ctx.idempotencyKey },
      type,
    };
    this.store.addEvent(event);
    if (delivers) this.deliver(event);
    return event;
  }

  private delivers(type: string): boolean {
    if (!this.config.webhookUrl) return false;
    return this.config.webhookEvents.length === 0 || this.config.webhookEvents.includes(type);
  }

  private deliver(event: StripeEvent): void {
    const url = this.config.webhookUrl;
    if (!url) return;
    const payload = JSON.stringify(event, null, 2);
    this.background.run(`stripe ${event.type}`, async () => {
      const result = await this.dispatcher.send({
        label: `stripe ${event.type} ${event.id}`,
        url,
        contentType: 'application/json; charset=utf-8',
        body: payload,
        headers: () => ({
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: this.config.webhookSecret,
            timestamp: unixNow(),
          }),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
        }),
        retryDelaysMs: RETRY_DELAYS_MS,
      });
      if (result.ok) event.pending_webhooks = 0;
    });
  }
}
