import { loadStripeJs } from './load-stripe-js';
import {
  type ConfirmOutcome,
  type CreatedPaymentMethod,
  PAYMENT_FAILED_MESSAGE,
  type PaymentForm,
  type PaymentFormPurpose,
} from './payment-form';
import type {
  StripeElements,
  StripeJs,
  StripeJsPaymentMethods,
  StripePaymentElement,
} from './stripe-js.types';

/**
 * Production: Stripe's Payment Element, loaded lazily, created before the PaymentIntent for the amount
 * to pay (https://docs.stripe.com/payments/accept-a-payment-deferred); Stripe redirects to /success itself.
 */
export class StripePaymentForm implements PaymentForm {
  readonly provider = 'stripe' as const;
  private stripe: (StripeJs & StripeJsPaymentMethods) | undefined;
  private elements: StripeElements | undefined;
  private element: StripePaymentElement | undefined;
  private amountCents: number;

  constructor(
    private readonly options: { publishableKey: string; amountCents: number; purpose?: PaymentFormPurpose },
  ) {
    this.amountCents = options.amountCents;
  }

  async mount(container: HTMLElement): Promise<void> {
    const Stripe = await loadStripeJs();
    this.stripe = Stripe(this.options.publishableKey);
    // Saving a card: a setup-mode Element whose PaymentMethod the page creates itself
    // (https://docs.stripe.com/payments/accept-a-payment-deferred?type=setup).
    this.elements = this.stripe.elements(
      this.options.purpose === 'setup'
        ? { mode: 'setup', currency: 'usd', paymentMethodCreation: 'manual', appearance: { theme: 'stripe' } }
        : { mode: 'payment', amount: this.amountCents, currency: 'usd', appearance: { theme: 'stripe' } },
    );
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

  async createPaymentMethod(): Promise<CreatedPaymentMethod> {
    if (!this.stripe || !this.elements) return { status: 'failed', message: PAYMENT_FAILED_MESSAGE };
    const submitted = await this.elements.submit();
    if (submitted.error)
      return { status: 'failed', message: submitted.error.message ?? PAYMENT_FAILED_MESSAGE };
    const { error, paymentMethod } = await this.stripe.createPaymentMethod({ elements: this.elements });
    if (error || !paymentMethod)
      return { status: 'failed', message: error?.message ?? PAYMENT_FAILED_MESSAGE };
    return { status: 'created', id: paymentMethod.id };
  }

  destroy(): void {
    this.element?.destroy();
    this.element = undefined;
  }
}
