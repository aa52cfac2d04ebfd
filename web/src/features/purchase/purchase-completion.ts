import type { stripePaymentSchema } from '@multimfa/api-contract';
import type { z } from 'zod';
import type { Session } from '../../session/session.schema';

export type StripePayment = z.input<typeof stripePaymentSchema>;

const PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status', 'checkout_id'] as const;

/**
 * The query /success was opened with: Stripe's redirect (`payment_intent`, its client secret and
 * `redirect_status`) or a checkout a 100% discount left nothing to pay for (`checkout_id`). Undefined
 * when it carries neither.
 */
export function stripePaymentFrom(search: string): StripePayment | undefined {
  const query = new URLSearchParams(search);
  const payment: StripePayment = {};
  for (const name of PARAMS) {
    const value = query.get(name);
    if (value) payment[name] = value;
  }
  return payment.payment_intent || payment.checkout_id ? payment : undefined;
}

/** The bank refused (3-D Secure failed): Stripe came back without `redirect_status=succeeded`. */
export function paymentRefused(payment: StripePayment): boolean {
  return payment.redirect_status !== undefined && payment.redirect_status !== 'succeeded';
}

/** Which /api call completes a purchase: plan/create, plan/update or robo-mfa/create. */
export type CompletionRoute = 'createMultiMfa' | 'updateMultiMfaPlan' | 'createRoboMfa';

/**
 * The completion call(s) to try, in order (customer-area section 4): an upgrade in progress changes the
 * held MultiMFA's plan; otherwise the draft's kind decides. When the session holds neither (the page
 * reloaded after the purchase was completed and recorded), the server is asked: each completion call
 * answers the same MFA for a purchase already completed and refuses a purchase of another kind, so the
 * calls are tried in turn until one answers.
 */
export function completionRoutes(session: Pick<Session, 'upgrade' | 'buffer'>): CompletionRoute[] {
  if (session.upgrade) return ['updateMultiMfaPlan'];
  if (session.buffer?.MFAType === 'RoboMFA') return ['createRoboMfa'];
  if (session.buffer) return ['createMultiMfa'];
  return ['createMultiMfa', 'createRoboMfa', 'updateMultiMfaPlan'];
}
