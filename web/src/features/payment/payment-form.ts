/**
 * The card entry of the payment and add-card pages, whichever provider stands behind it. The page
 * gets the PaymentIntent's client secret from the gateway, creates the configured form, mounts it,
 * enables Pay once `mount` resolved, and calls `confirm` with the absolute URL of /success.
 *
 * On success the browser leaves for that URL the way Stripe redirects after a payment:
 * `/success?payment_intent=pi_…&payment_intent_client_secret=…&redirect_status=succeeded`
 * (through the bank's 3-D Secure page first when the card asks for it).
 */

export type PaymentProvider = 'stripe' | 'sandbox';

export interface PaymentForm {
  readonly provider: PaymentProvider;
  /** Puts the card fields into `container`; resolves when they accept input (Pay may be enabled). */
  mount(container: HTMLElement): Promise<void>;
  /**
   * Confirms the PaymentIntent. Resolves `redirecting` once the browser is leaving (success or a
   * 3-D Secure challenge), or `failed` with the provider's message to show under the form.
   */
  confirm(returnUrl: string): Promise<ConfirmOutcome>;
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
