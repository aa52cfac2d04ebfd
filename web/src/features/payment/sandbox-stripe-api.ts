/**
 * The two Stripe API calls Stripe.js makes for a card payment, made against the provider sandbox with
 * the publishable key: create a card PaymentMethod, then confirm the PaymentIntent with its client
 * secret. Framework-free and import-free, so the sandbox's own browser test can load it as is.
 */

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
  postalCode?: string;
}

/** Where the browser goes next: the success page, or the bank's (sandbox) 3-D Secure page. */
export type CardPaymentResult =
  | { status: 'succeeded'; redirectTo: string }
  | { status: 'requires_action'; redirectTo: string }
  | { status: 'failed'; message: string };

interface StripeErrorBody {
  error?: { message?: string; code?: string; decline_code?: string };
}

interface IntentBody {
  id: string;
  status: string;
  client_secret: string;
  next_action?: { type: string; redirect_to_url?: { url: string } } | null;
}

const FALLBACK_MESSAGE = 'The payment could not be completed. Please try again.';

/** `pi_123_secret_abc` → `pi_123`, as Stripe.js derives it. */
export function paymentIntentIdFromClientSecret(clientSecret: string): string {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  if (!match?.[1]) throw new Error('Not a PaymentIntent client secret');
  return match[1];
}

/** The return URL with the query Stripe adds after a payment. */
export function stripeRedirectUrl(
  returnUrl: string,
  intent: { id: string; client_secret: string },
  status = 'succeeded',
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

async function post<T>(
  apiBase: string,
  publishableKey: string,
  path: string,
  params: Record<string, string>,
) {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${publishableKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await response.json()) as T & StripeErrorBody;
  return { ok: response.ok, body };
}

/** Creates the card PaymentMethod; resolves its id, or the card error's message. */
export async function createCardPaymentMethod(
  apiBase: string,
  publishableKey: string,
  card: CardDetails,
): Promise<{ id: string } | { message: string }> {
  const params: Record<string, string> = {
    type: 'card',
    'card[number]': card.number.replace(/\D/g, ''),
    'card[exp_month]': String(card.expMonth),
    'card[exp_year]': String(card.expYear),
    'card[cvc]': card.cvc,
  };
  if (card.name) params['billing_details[name]'] = card.name;
  if (card.postalCode) params['billing_details[address][postal_code]'] = card.postalCode;
  const { ok, body } = await post<{ id: string }>(apiBase, publishableKey, '/v1/payment_methods', params);
  return ok ? { id: body.id } : { message: body.error?.message ?? FALLBACK_MESSAGE };
}

/** Confirms the PaymentIntent with the card; says where the browser goes next, or why it failed. */
export async function confirmCardPayment(options: {
  apiBase: string;
  publishableKey: string;
  clientSecret: string;
  paymentMethodId: string;
  returnUrl: string;
}): Promise<CardPaymentResult> {
  const id = paymentIntentIdFromClientSecret(options.clientSecret);
  const { ok, body } = await post<IntentBody>(
    options.apiBase,
    options.publishableKey,
    `/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
    {
      client_secret: options.clientSecret,
      payment_method: options.paymentMethodId,
      return_url: options.returnUrl,
    },
  );
  if (!ok) return { status: 'failed', message: body.error?.message ?? FALLBACK_MESSAGE };
  if (body.status === 'succeeded') {
    return { status: 'succeeded', redirectTo: stripeRedirectUrl(options.returnUrl, body) };
  }
  const challenge = body.next_action?.redirect_to_url?.url;
  if (body.status === 'requires_action' && challenge)
    return { status: 'requires_action', redirectTo: challenge };
  return { status: 'failed', message: FALLBACK_MESSAGE };
}

/** Create the card, then confirm: the whole local card payment. */
export async function payWithCard(options: {
  apiBase: string;
  publishableKey: string;
  clientSecret: string;
  card: CardDetails;
  returnUrl: string;
}): Promise<CardPaymentResult> {
  const created = await createCardPaymentMethod(options.apiBase, options.publishableKey, options.card);
  if ('message' in created) return { status: 'failed', message: created.message };
  return confirmCardPayment({ ...options, paymentMethodId: created.id });
}
