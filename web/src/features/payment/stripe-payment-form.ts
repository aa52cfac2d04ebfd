import { loadStripeJs } from './load-stripe-js';
import { type ConfirmOutcome, PAYMENT_FAILED_MESSAGE, type PaymentForm } from './payment-form';
import type { StripeElements, StripeJs, StripePaymentElement } from './stripe-js.types';

/**
 * Production: Stripe's Payment Element, loaded lazily, created before the PaymentIntent for the amount
 * to pay (https://docs.stripe.com/payments/accept-a-payment-deferred); Stripe redirects to /success itself.
 */
export class StripePaymentForm implements PaymentForm {
  readonly provider = 'stripe' as const;
  private stripe: StripeJs | undefined;
  private elements: StripeElements | undefined;
  private element: StripePaymentElement | undefined;
  private amountCents: number;

  constructor(private readonly options: { publishableKey: string; amountCents: number }) {
    this.amountCents = options.amountCents;
  }

  async mount(container: HTMLElement): Promise<void> {
    const Stripe = await loadStripeJs();
    this.stripe = Stripe(this.options.publishableKey);
    this.elements = this.stripe.elements({
      mode: 'payment',
      amount: this.amountCents,
      currency: 'usd',
      appearance: { theme: 'stripe' },
    });
    const element = this.elements.create('payment', { layout: 'tabs' });
    this.element = element;
    await new Promise<void>((resolve, reject) => {
      element.on('ready', () => resolve());
      element.on('loaderror', (event) => reject(new Error(event.error.message ?? PAYMENT_FAILED_MESSAGE)));
      element.mount(container);
    });
  }

  setAmount(amountCents: number): void {
    this.amountCents = amountCents;
    this.elements?.update({ amount: amountCents });
  }

  async validate(): Promise<string | undefined> {
    if (!this.elements) return PAYMENT_FAILED_MESSAGE;
    const { error } = await this.elements.submit();
    return error ? (error.message ?? PAYMENT_FAILED_MESSAGE) : undefined;
  }

  async confirm(clientSecret: string, returnUrl: string): Promise<ConfirmOutcome> {
    if (!this.stripe || !this.elements) return { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
    // Resolves with an error when the payment failed; otherwise the browser is already leaving for
    // the return URL (or the bank's page).
    const { error } = await this.stripe.confirmPayment({
      elements: this.elements,
      clientSecret,
      confirmParams: { return_url: returnUrl },
    });
    if (!error) return { status: 'redirecting' };
    return { status: 'failed', message: error.message ?? PAYMENT_FAILED_MESSAGE };
  }

  destroy(): void {
    this.element?.destroy();
    this.element = undefined;
  }
}
