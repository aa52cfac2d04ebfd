/**
 * The card entry of the payment page, whichever provider stands behind it. The card fields are
 * mounted before any PaymentIntent exists (Stripe's "collect payment details before creating an
 * Intent" flow): the page enables Pay once `mount` resolved; on Pay it calls `validate`, asks the
 * gateway for the PaymentIntent (the server computes the amount), then calls `confirm` with its client
 * secret and the absolute URL of /success.
 *
 * On success the browser leaves for that URL the way Stripe redirects after a payment:
 * `/success?payment_intent=pi_…&payment_intent_client_secret=…&redirect_status=succeeded`
 * (through the bank's 3-D Secure page first when the card asks for it).
 */

export type PaymentProvider = 'stripe' | 'sandbox';

/**
 * What the fields are for: paying an amount (the payment page), or saving a card for later
 * (Add Card: no amount, `createPaymentMethod` instead of `confirm`).
 */
export type PaymentFormPurpose = 'payment' | 'setup';

/** A card PaymentMethod created from the fields, or the provider's message why not. */
export type CreatedPaymentMethod = { status: 'created'; id: string } | { status: 'failed'; message: string };

export interface PaymentForm {
  readonly provider: PaymentProvider;
  /** Puts the card fields into `container`; resolves when they accept input (Pay may be enabled). */
  mount(container: HTMLElement): Promise<void>;
  /** The amount the fields are for, in cents (it changes when a discount is applied or removed). */
  setAmount(amountCents: number): void;
  /** Checks what was typed before the PaymentIntent is created: the provider's message, or undefined. */
  validate(): Promise<string | undefined>;
  /**
   * Confirms the PaymentIntent. Resolves `redirecting` once the browser is leaving (success or a
   * 3-D Secure challenge), or `failed` with the provider's message to show under the form.
   */
  confirm(clientSecret: string, returnUrl: string): Promise<ConfirmOutcome>;
  /** Creates a card PaymentMethod from the fields, to save on the customer (purpose `setup`). */
  createPaymentMethod(): Promise<CreatedPaymentMethod>;
  /** Removes the fields and their listeners. */
  destroy(): void;
}

export type ConfirmOutcome = { status: 'redirecting' } | { status: 'failed'; message: string };

export interface PaymentFormSettings {
  provider: PaymentProvider;
  publishableKey: string;
  /** Base URL of the provider sandbox (only for `sandbox`). */
  sandboxUrl: string;
}

/** Shown when a provider fails without a message of its own. */
export const PAYMENT_FAILED_MESSAGE = 'The payment could not be completed. Please try again.';
