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

interface StripeElementsCommon {
  currency: 'usd';
  appearance?: { theme?: 'stripe' | 'night' | 'flat'; variables?: Record<string, string> };
  loader?: 'auto' | 'always' | 'never';
}

/**
 * Elements before the PaymentIntent exists (the amount it will have), or for saving a card whose
 * PaymentMethod the page creates (`paymentMethodCreation: 'manual'`).
 */
export type StripeElementsOptions =
  | (StripeElementsCommon & { mode: 'payment'; amount: number })
  | (StripeElementsCommon & { mode: 'setup'; paymentMethodCreation: 'manual' });

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

export interface StripeJsPaymentMethods {
  /** Creates a PaymentMethod from submitted Elements (https://docs.stripe.com/js/payment_methods/create_payment_method_elements). */
  createPaymentMethod(options: {
    elements: StripeElements;
  }): Promise<{ error?: StripeError; paymentMethod?: { id: string } }>;
}

export type StripeConstructor = (publishableKey: string) => StripeJs & StripeJsPaymentMethods;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}
