import Stripe from 'stripe';

/** A PaymentIntent as billing checks it before completing a purchase. */
export interface ProviderPaymentIntent {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  clientSecret: string | null;
}

/** A webhook event whose signature was verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The PaymentIntent, for `payment_intent.*` events. */
  paymentIntent: ProviderPaymentIntent | null;
}

/** A webhook body whose signature does not verify with the endpoint's secret. */
export class InvalidWebhookSignature extends Error {}

/** What billing asks of the card payment provider; the only place that knows Stripe's SDK. */
export abstract class PaymentsProvider {
  /** Idempotent per user: asking twice returns the same customer. */
  abstract createCustomer(input: { userId: string; emailAddress: string; name: string }): Promise<string>;

  /** A card payment of `amountCents` US cents; the same idempotency key answers the same intent. */
  abstract createPaymentIntent(input: {
    amountCents: number;
    customerId: string;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;

  /** The intent as the provider holds it now; null when it has no such intent. */
  abstract retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;

  /** Refunds the whole payment; the same idempotency key refunds once. */
  abstract refundPaymentIntent(input: { paymentIntentId: string; idempotencyKey: string }): Promise<void>;

  /** Verifies a webhook body against its signature header; throws InvalidWebhookSignature. */
  abstract verifyWebhook(payload: string, signature: string): ProviderEvent;
}

function toPaymentIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    metadata: intent.metadata ?? {},
    clientSecret: intent.client_secret,
  };
}

export class StripePaymentsProvider extends PaymentsProvider {
  private readonly stripe: Stripe;

  constructor(
    private readonly options: {
      secretKey: string;
      webhookSecret: string;
      host: string;
      port: number;
      protocol: 'http' | 'https';
    },
  ) {
    super();
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'MultiMFA billing' },
    });
  }

  async createCustomer(input: { userId: string; emailAddress: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.emailAddress, name: input.name, metadata: { userId: input.userId } },
      { idempotencyKey: `customer-${input.userId}` },
    );
    return customer.id;
  }

  async createPaymentIntent(input: {
    amountCents: number;
    customerId: string;
    metadata: Record<string, string>;
    description: string;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        customer: input.customerId,
        description: input.description,
        metadata: input.metadata,
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return toPaymentIntent(intent);
  }

  async retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null> {
    try {
      return toPaymentIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        return null;
      }
      throw error;
    }
  }

  async refundPaymentIntent(input: { paymentIntentId: string; idempotencyKey: string }): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: input.paymentIntentId, reason: 'requested_by_customer' },
      { idempotencyKey: input.idempotencyKey },
    );
  }

  verifyWebhook(payload: string, signature: string): ProviderEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.options.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new InvalidWebhookSignature(error.message);
      }
      throw error;
    }
    const object = event.data.object as { object?: string };
    return {
      id: event.id,
      type: event.type,
      paymentIntent:
        object.object === 'payment_intent' ? toPaymentIntent(object as Stripe.PaymentIntent) : null,
    };
  }
}
