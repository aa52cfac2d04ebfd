import { randomToken } from '../shared/ids.js';
import { type PersistentStore, refill } from '../state/state-file.js';
import type {
  Charge,
  Customer,
  DeletedCustomer,
  PaymentIntent,
  PaymentMethod,
  Refund,
  StripeEvent,
} from './stripe.types.js';
import { stripeErrors } from './stripe-error.js';

export interface StoredPaymentMethod {
  object: PaymentMethod;
  /** The full card number decides how payments behave; it is never returned by the API. */
  number: string;
  /** Stripe never lets a detached PaymentMethod be used again. */
  detached: boolean;
}

export interface StoredPaymentIntent {
  object: PaymentIntent;
  /** While `requires_action`: the secret in the link to the 3-D Secure page. */
  authenticationToken?: string;
}

export interface IdempotentResult {
  endpoint: string;
  params: string;
  requestId: string;
  /** Undefined while the first request is still being handled. */
  response?: { status: number; body: unknown };
}

const MAX_IDEMPOTENCY_KEYS = 10_000;
const MAX_EVENTS = 10_000;

/** What the Stripe account holds, as the state file keeps it. */
export interface StripeSnapshot {
  fingerprintKey: string;
  customers: Array<[string, Customer | DeletedCustomer]>;
  paymentMethods: Array<[string, StoredPaymentMethod]>;
  paymentIntents: Array<[string, StoredPaymentIntent]>;
  charges: Array<[string, Charge]>;
  refunds: Array<[string, Refund]>;
  events: Array<[string, StripeEvent]>;
  idempotency: Array<[string, IdempotentResult]>;
}

/** The sandbox's Stripe account, in memory (and in the state file when there is one). */
export class StripeStore implements PersistentStore<StripeSnapshot> {
  /** Keys the card fingerprints, so the same card number keeps its fingerprint in this account. */
  fingerprintKey = randomToken();
  readonly customers: Map<string, Customer | DeletedCustomer> = new Map();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  readonly paymentIntents = new Map<string, StoredPaymentIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly events: Map<string, StripeEvent> = new Map();
  private readonly idempotency = new Map<string, IdempotentResult>();

  customer(id: string, param?: string): Customer {
    const customer = this.customers.get(id);
    if (!customer || 'deleted' in customer) throw stripeErrors.resourceMissing('customer', id, param);
    return customer;
  }

  paymentMethod(id: string, param?: string): StoredPaymentMethod {
    const stored = this.paymentMethods.get(id);
    if (!stored) throw stripeErrors.resourceMissing('PaymentMethod', id, param);
    return stored;
  }

  paymentIntent(id: string, param?: string): StoredPaymentIntent {
    const stored = this.paymentIntents.get(id);
    if (!stored) throw stripeErrors.resourceMissing('payment_intent', id, param);
    return stored;
  }

  charge(id: string): Charge {
    const charge = this.charges.get(id);
    if (!charge) throw stripeErrors.resourceMissing('charge', id);
    return charge;
  }

  refund(id: string): Refund {
    const refund = this.refunds.get(id);
    if (!refund) throw stripeErrors.resourceMissing('refund', id);
    return refund;
  }

  event(id: string): StripeEvent {
    const event = this.events.get(id);
    if (!event) throw stripeErrors.resourceMissing('event', id);
    return event;
  }

  addEvent(event: StripeEvent): void {
    this.events.set(event.id, event);
    if (this.events.size > MAX_EVENTS) {
      const oldest = this.events.keys().next().value;
      if (oldest !== undefined) this.events.delete(oldest);
    }
  }

  /** Any object by id, for `expand[]`. */
  lookup(id: string): unknown {
    if (id.startsWith('cus_')) return this.customers.get(id);
    if (id.startsWith('pm_')) return this.paymentMethods.get(id)?.object;
    if (id.startsWith('pi_')) return this.paymentIntents.get(id)?.object;
    if (id.startsWith('ch_')) return this.charges.get(id);
    if (id.startsWith('re_')) return this.refunds.get(id);
    return undefined;
  }

  idempotentResult(key: string): IdempotentResult | undefined {
    return this.idempotency.get(key);
  }

  saveIdempotentResult(key: string, result: IdempotentResult): void {
    this.idempotency.delete(key);
    this.idempotency.set(key, result);
    if (this.idempotency.size > MAX_IDEMPOTENCY_KEYS) {
      const oldest = this.idempotency.keys().next().value;
      if (oldest !== undefined) this.idempotency.delete(oldest);
    }
  }

  forgetIdempotentResult(key: string): void {
    this.idempotency.delete(key);
  }

  snapshot(): StripeSnapshot {
    return {
      fingerprintKey: this.fingerprintKey,
      customers: [...this.customers],
      paymentMethods: [...this.paymentMethods],
      paymentIntents: [...this.paymentIntents],
      charges: [...this.charges],
      refunds: [...this.refunds],
      events: [...this.events],
      // A request still being handled is not replayed after a restart: its key is free again.
      idempotency: [...this.idempotency].filter(([, result]) => result.response !== undefined),
    };
  }

  restore(snapshot: StripeSnapshot): void {
    if (typeof snapshot.fingerprintKey !== 'string') throw new Error('fingerprintKey is missing');
    this.fingerprintKey = snapshot.fingerprintKey;
    refill(this.customers, snapshot.customers);
    refill(this.paymentMethods, snapshot.paymentMethods);
    refill(this.paymentIntents, snapshot.paymentIntents);
    refill(this.charges, snapshot.charges);
    refill(this.refunds, snapshot.refunds);
    refill(this.events, snapshot.events);
    refill(this.idempotency, snapshot.idempotency);
  }
}

/** Values of a map, newest first (maps keep insertion order). */
export function newestFirst<T>(values: Iterable<T>, keep: (value: T) => boolean = () => true): T[] {
  return [...values].filter(keep).reverse();
}
