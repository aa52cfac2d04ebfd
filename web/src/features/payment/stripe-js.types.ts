/**
 * The part of Stripe.js v3 (https://js.stripe.com/v3) the payment form uses, typed by hand:
 * @stripe/stripe-js is not a dependency, and the script is loaded from Stripe as Stripe requires.
 * Reference: https://docs.stripe.com/js
 */

export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripePaymentElement {
  mount(domElement: HTMLElement): void;
  on(event: 'ready', handler: () => void): StripePaymentElement;
  on(event: 'loaderror', handler: (event: { error: StripeError }) => void): StripePaymentElement;
  destroy(): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
  /** Changes the deferred payment's amount (https://docs.stripe.com/js/elements_object/update). */
  update(options: { amount: number }): void;
  /** Validates the fields before the PaymentIntent is created (https://docs.stripe.com/js/elements/submit). */
  submit(): Promise<{ error?: StripeError }>;
}

/** Elements before the PaymentIntent exists: the amount and currency it will have. */
export interface StripeElementsOptions {
  mode: 'payment';
  amount: number;
  currency: 'usd';
  appearance?: { theme?: 'stripe' | 'night' | 'flat'; variables?: Record<string, string> };
  loader?: 'auto' | 'always' | 'never';
}

export interface StripeJs {
  elements(options: StripeElementsOptions): StripeElements;
  /** Redirects to `return_url` on success (or to the bank first); resolves with an error when it fails. */
  confirmPayment(options: {
    elements: StripeElements;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect?: 'always';
  }): Promise<{ error?: StripeError }>;
}

export type StripeConstructor = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}
