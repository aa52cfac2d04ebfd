import { loadStripeJs } from './load-stripe-js';
import { type ConfirmOutcome, PAYMENT_FAILED_MESSAGE, type PaymentForm } from './payment-form';
import type { StripeElements, StripeJs, StripePaymentElement } from './stripe-js.types';

/** Production: Stripe's Payment Element, loaded lazily; Stripe redirects to /success itself. */
export class StripePaymentForm implements PaymentForm {
  readonly provider = 'stripe' as const;
  private stripe: StripeJs | undefined;
  private elements: StripeElements | undefined;
  private element: StripePaymentElement | undefined;

  constructor(private readonly options: { publishableKey: string; clientSecret: string }) {}

  async mount(container: HTMLElement): Promise<void> {
    const Stripe = await loadStripeJs();
    this.stripe = Stripe(this.options.publishableKey);
    this.elements = this.stripe.elements({
      clientSecret: this.options.clientSecret,
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

  async confirm(returnUrl: string): Promise<ConfirmOutcome> {
    if (!this.stripe || !this.elements) return { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
    // Resolves with an error when the payment failed or the fields are invalid; otherwise the browser
    // is already leaving for the return URL (or the bank's page).
    const { error } = await this.stripe.confirmPayment({
      elements: this.elements,
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
