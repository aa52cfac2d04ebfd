import type { StripeConstructor } from './stripe-js.types';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

let loading: Promise<StripeConstructor> | undefined;

/**
 * Adds Stripe.js to the page once, when a payment form first needs it (never at start-up), and
 * resolves with its `Stripe` constructor. A failed load can be retried.
 */
export function loadStripeJs(): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
    const script = existing ?? document.createElement('script');
    const fail = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The card form could not be loaded. Check your connection and try again.'));
    };
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : fail()), { once: true });
    script.addEventListener('error', fail, { once: true });
    if (!existing) {
      script.src = STRIPE_JS_URL;
      script.async = true;
      document.head.appendChild(script);
    }
  });
  return loading;
}
