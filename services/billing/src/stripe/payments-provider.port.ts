/** A PaymentIntent as billing checks it before completing a purchase. */
export interface ProviderPaymentIntent {
  id: string;
  status: string;
  amountCents: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  clientSecret: string | null;
  /** The PaymentMethod that paid (or is to pay) it. */
  paymentMethodId: string | null;
}

/** A webhook event whose signature was verified. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The PaymentIntent, for `payment_intent.*` events. */
  paymentIntent: ProviderPaymentIntent | null;
}

/** A saved card (a Stripe card PaymentMethod attached to a customer), as billing mirrors it. */
export interface ProviderCard {
  id: string;
  customerId: string | null;
  name: string | null;
  last4: string;
  brand: string;
  country: string | null;
  expMonth: number;
  expYear: number;
  addressZip: string | null;
}

/** What a card form may change on a saved card. */
export interface CardChange {
  expMonth: number;
  expYear: number;
  name: string;
  addressZip: string | null;
}

/** The provider refused a card (declined, expired, invalid details): its message for the customer. */
export class CardRejected extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The card would need the cardholder's authentication (3-D Secure), impossible off-session. */
export class CardAuthenticationRequired extends Error {
  constructor(readonly paymentIntentId: string | null) {
    super('The card needs authentication');
  }
}

/** A webhook body whose signature does not verify with the endpoint's secret. */
export class InvalidWebhookSignature extends Error {}

/** What billing asks of the card payment provider (Stripe: `StripePaymentsProvider`, the only place that knows its SDK). */
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

  /**
   * Attaches a card PaymentMethod (from the card form) to the customer; throws CardRejected when the
   * card is refused or is not a card PaymentMethod the customer may take.
   */
  abstract attachCard(input: { paymentMethodId: string; customerId: string }): Promise<ProviderCard>;

  /** Changes expiry, holder name and postal code of a saved card; throws CardRejected. */
  abstract updateCard(paymentMethodId: string, change: CardChange): Promise<ProviderCard>;

  /** The card PaymentMethod as Stripe holds it (its customer, if attached); null when unknown. */
  abstract retrieveCard(paymentMethodId: string): Promise<ProviderCard | null>;

  /** Detaches the card from its customer (it can never be used again). */
  abstract detachCard(paymentMethodId: string): Promise<void>;

  /** The card charged by default (renewals): the customer's invoice default payment method. */
  abstract setDefaultCard(input: { customerId: string; paymentMethodId: string | null }): Promise<void>;

  /**
   * Charges a saved card without the customer present (confirmed at once, `off_session`). Throws
   * CardRejected on a decline, CardAuthenticationRequired when the bank asks for authentication.
   */
  abstract chargeOffSession(input: {
    amountCents: number;
    customerId: string;
    paymentMethodId: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPaymentIntent>;

  /**
   * The customer's succeeded PaymentIntent for this invoice (its `invoiceId` metadata), if Stripe
   * holds one: what a charge whose answer was lost did.
   */
  abstract findCharge(input: {
    customerId: string;
    invoiceId: string;
  }): Promise<ProviderPaymentIntent | null>;

  /** Verifies a webhook body against its signature header; throws InvalidWebhookSignature. */
  abstract verifyWebhook(payload: string, signature: string): ProviderEvent;
}
