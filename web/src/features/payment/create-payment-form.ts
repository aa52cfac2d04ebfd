import type { PaymentForm, PaymentFormPurpose, PaymentFormSettings } from './payment-form';

/**
 * The configured implementation, loaded on demand: the Stripe one (and Stripe.js) only when Stripe is
 * configured, the sandbox card form only when the sandbox is.
 */
export async function createPaymentForm(
  settings: PaymentFormSettings,
  amountCents: number,
  purpose: PaymentFormPurpose = 'payment',
): Promise<PaymentForm> {
  if (settings.provider === 'sandbox') {
    const { SandboxPaymentForm } = await import('./sandbox-payment-form');
    return new SandboxPaymentForm({ apiBase: settings.sandboxUrl, publishableKey: settings.publishableKey });
  }
  const { StripePaymentForm } = await import('./stripe-payment-form');
  return new StripePaymentForm({ publishableKey: settings.publishableKey, amountCents, purpose });
}
