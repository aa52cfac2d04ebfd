/** What the sandbox knows about the API request being handled. */
export interface StripeContext {
  requestId: string;
  idempotencyKey: string | null;
  /** The `Stripe-Version` the caller sent, echoed on answers and events. */
  apiVersion: string | null;
  /** Which key authenticated the call. */
  mode: 'secret' | 'publishable';
}

/** For actions not caused by an API call (the 3-D Secure page). */
export const DASHBOARD_CONTEXT: StripeContext = {
  requestId: '',
  idempotencyKey: null,
  apiVersion: null,
  mode: 'secret',
};
