/** Where a payment returns: the /success page of this origin. */
export function paymentReturnUrl(origin: string = window.location.origin): string {
  return `${origin}/success`;
}

export interface PaymentRedirect {
  paymentIntentId: string;
  clientSecret: string;
  /** `succeeded`, or `failed` / `requires_payment_method` when the bank refused. */
  redirectStatus: string;
}

/**
 * Reads the query Stripe (or the sandbox) puts on /success. The page sends these to the gateway,
 * which completes the purchase from the PaymentIntent itself; nothing here is trusted as proof of payment.
 */
export function readPaymentRedirect(search: string): PaymentRedirect | undefined {
  const params = new URLSearchParams(search);
  const paymentIntentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  const redirectStatus = params.get('redirect_status');
  if (!paymentIntentId || !clientSecret || !redirectStatus) return undefined;
  return { paymentIntentId, clientSecret, redirectStatus };
}
