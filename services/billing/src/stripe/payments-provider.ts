import Stripe from 'stripe';

/** What billing asks of the card payment provider; the only place that knows Stripe's SDK. */
export abstract class PaymentsProvider {
  /** Idempotent per user: asking twice returns the same customer. */
  abstract createCustomer(input: { userId: string; emailAddress: string; name: string }): Promise<string>;
}

export class StripePaymentsProvider extends PaymentsProvider {
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; host: string; port: number; protocol: 'http' | 'https' }) {
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
}
