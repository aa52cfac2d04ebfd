import Stripe from 'stripe';
import {
  CardAuthenticationRequired,
  type CardChange,
  CardRejected,
  InvalidWebhookSignature,
  PaymentsProvider,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPaymentIntent,
} from './payments-provider.port.js';

function toPaymentIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    metadata: intent.metadata ?? {},
    clientSecret: intent.client_secret,
    paymentMethodId:
      typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
  };
}

function toCard(method: Stripe.PaymentMethod): ProviderCard {
  const card = method.card;
  if (!card) throw new CardRejected('Only cards can be saved', 'not_a_card');
  return {
    id: method.id,
    customerId: typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null),
    name: method.billing_details.name || null,
    last4: card.last4,
    brand: card.brand,
    country: card.country ?? null,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    addressZip: method.billing_details.address?.postal_code || null,
  };
}

/** Stripe's refusals of a card (402 card errors, and bad card parameters) as CardRejected. */
function cardRefusal(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new CardRejected(error.message, error.code ?? 'card_declined');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    throw new CardRejected(error.message, error.code ?? 'invalid_request');
  }
  throw error;
}

/** The payments provider on Stripe's SDK. */
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
        // The card that pays is kept on the customer for the renewals, charged off-session.
        setup_future_usage: 'off_session',
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

  async attachCard(input: { paymentMethodId: string; customerId: string }): Promise<ProviderCard> {
    try {
      const method = await this.stripe.paymentMethods.attach(input.paymentMethodId, {
        customer: input.customerId,
      });
      return toCard(method);
    } catch (error) {
      return cardRefusal(error);
    }
  }

  async retrieveCard(paymentMethodId: string): Promise<ProviderCard | null> {
    try {
      return toCard(await this.stripe.paymentMethods.retrieve(paymentMethodId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        return null;
      }
      throw error;
    }
  }

  async updateCard(paymentMethodId: string, change: CardChange): Promise<ProviderCard> {
    try {
      const method = await this.stripe.paymentMethods.update(paymentMethodId, {
        card: { exp_month: change.expMonth, exp_year: change.expYear },
        billing_details: { name: change.name, address: { postal_code: change.addressZip ?? '' } },
      });
      return toCard(method);
    } catch (error) {
      return cardRefusal(error);
    }
  }

  async detachCard(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async setDefaultCard(input: { customerId: string; paymentMethodId: string | null }): Promise<void> {
    await this.stripe.customers.update(input.customerId, {
      invoice_settings: { default_payment_method: input.paymentMethodId ?? '' },
    });
  }

  async findCharge(input: { customerId: string; invoiceId: string }): Promise<ProviderPaymentIntent | null> {
    // Newest first: a renewal's charge is among the customer's latest.
    const intents = await this.stripe.paymentIntents.list({ customer: input.customerId, limit: 100 });
    const charge = intents.data.find(
      (intent) => intent.metadata?.invoiceId === input.invoiceId && intent.status === 'succeeded',
    );
    return charge ? toPaymentIntent(charge) : null;
  }

  async chargeOffSession(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          allowed_payment_method_types: ['card'],
          description: input.description,
          metadata: input.metadata,
          off_session: true,
          confirm: true,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (intent.status === 'requires_action') throw new CardAuthenticationRequired(intent.id);
      return toPaymentIntent(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError && error.code === 'authentication_required') {
        const intent = (error.raw as { payment_intent?: { id?: string } }).payment_intent;
        throw new CardAuthenticationRequired(intent?.id ?? null);
      }
      return cardRefusal(error);
    }
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
