import { stripeId } from '../shared/ids.js';
import type { StripeRoute } from './customers.routes.js';
import type { StripeStore } from './stripe.store.js';
import { type Refund, unixNow } from './stripe.types.js';
import type { StripeContext } from './stripe-context.js';
import { endpoint } from './stripe-endpoint.js';
import { stripeErrors } from './stripe-error.js';
import type { StripeEvents } from './stripe-events.js';

interface RefundInput {
  paymentIntent?: string;
  charge?: string;
  amount?: number;
  reason?: Refund['reason'];
  metadata?: Record<string, string>;
}

/** Refunds of a succeeded payment (by `payment_intent` or `charge`), whole or in part; create and retrieve. */
export function refundRoutes(deps: { store: StripeStore; events: StripeEvents }): StripeRoute[] {
  const { store, events } = deps;

  function refund(input: RefundInput, ctx: StripeContext): Refund {
    if (input.paymentIntent === undefined && input.charge === undefined) {
      throw stripeErrors.invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    if (input.paymentIntent !== undefined && input.charge !== undefined) {
      throw stripeErrors.invalidRequest('You can only pass one of these parameters: charge, payment_intent.');
    }
    let chargeId = input.charge;
    if (input.paymentIntent !== undefined) {
      const intent = store.paymentIntent(input.paymentIntent, 'payment_intent').object;
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw stripeErrors.invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          { param: 'payment_intent' },
        );
      }
      chargeId = intent.latest_charge;
    }
    const charge = store.charge(chargeId ?? '');
    if (charge.status !== 'succeeded') {
      throw stripeErrors.invalidRequest(`Charge ${charge.id} has not succeeded; it cannot be refunded.`);
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw stripeErrors.invalidRequest(`Charge ${charge.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = input.amount ?? left;
    if (amount < 1 || amount > left) {
      throw stripeErrors.invalidRequest(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { param: 'amount' },
      );
    }
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.id,
      created: unixNow(),
      currency: charge.currency,
      destination_details: { card: { type: 'refund' }, type: 'card' },
      metadata: input.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    store.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    events.emit('refund.created', refund, ctx);
    events.emit('charge.refunded', charge, ctx);
    return refund;
  }

  const create = endpoint({
    parse: (params) => ({
      paymentIntent: params.string('payment_intent'),
      charge: params.string('charge'),
      amount: params.int('amount', { min: 1 }),
      reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer']),
      metadata: params.metadata() ?? undefined,
    }),
    run: (input, ctx) => refund(input, ctx),
  });

  const retrieve = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id) => store.refund(id),
  });

  return [
    { method: 'post', path: '/v1/refunds', endpoint: create },
    { method: 'get', path: '/v1/refunds/:id', endpoint: retrieve },
  ];
}
