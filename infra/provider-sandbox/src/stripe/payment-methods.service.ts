import { createHmac } from 'node:crypto';
import { stripeId } from '../shared/ids.js';
import type { StoredPaymentMethod, StripeStore } from './stripe.store.js';
import type { Address, BillingDetails, Customer, Metadata, PaymentMethod } from './stripe.types.js';
import { unixNow } from './stripe.types.js';
import type { StripeContext } from './stripe-context.js';
import { stripeErrors } from './stripe-error.js';
import type { StripeEvents } from './stripe-events.js';
import { mergeMetadata } from './stripe-params.js';
import { behaviourOf, brandOf, luhnValid, testCardForToken } from './test-cards.js';

export interface BillingInput {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: Partial<Address> | null;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string;
}

const emptyAddress = (): Address => ({
  city: null,
  country: null,
  line1: null,
  line2: null,
  postal_code: null,
  state: null,
});

function mergeBilling(current: BillingDetails, input: BillingInput | undefined): BillingDetails {
  if (!input) return current;
  const next = structuredClone(current);
  if (input.name !== undefined) next.name = input.name;
  if (input.email !== undefined) next.email = input.email;
  if (input.phone !== undefined) next.phone = input.phone;
  if (input.address === null) next.address = emptyAddress();
  else if (input.address) next.address = { ...next.address, ...input.address };
  return next;
}

/** Card expiry as Stripe reads it: two-digit years are in this century; the card works through its month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/** Card PaymentMethods: creation from card details, attach/detach, update, and Stripe's `pm_card_…` tokens. */
export class PaymentMethodsService {
  constructor(
    private readonly store: StripeStore,
    private readonly events: StripeEvents,
  ) {}

  createCard(
    card: CardInput,
    billing: BillingInput | undefined,
    metadata: Metadata | undefined,
  ): PaymentMethod {
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) {
      throw stripeErrors.card('incorrect_number', 'Your card number is incorrect.', {
        param: 'card[number]',
      });
    }
    if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
      throw stripeErrors.card('invalid_expiry_month', "Your card's expiration month is invalid.", {
        param: 'card[exp_month]',
      });
    }
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (isExpired(card.expMonth, expYear) || expYear > new Date().getUTCFullYear() + 50) {
      throw stripeErrors.card('invalid_expiry_year', "Your card's expiration year is invalid.", {
        param: 'card[exp_year]',
      });
    }
    const brand = brandOf(number);
    if (card.cvc !== undefined && !(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) {
      throw stripeErrors.card('invalid_cvc', "Your card's security code is invalid.", { param: 'card[cvc]' });
    }
    const paymentMethod: PaymentMethod = {
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: mergeBilling(
        { address: emptyAddress(), email: null, name: null, phone: null },
        billing,
      ),
      card: {
        brand,
        checks: {
          address_line1_check: null,
          address_postal_code_check: billing?.address?.postal_code ? 'pass' : null,
          cvc_check: card.cvc ? 'pass' : null,
        },
        country: 'US',
        display_brand: brand,
        exp_month: card.expMonth,
        exp_year: expYear,
        fingerprint: createHmac('sha256', this.store.fingerprintKey)
          .update(number)
          .digest('base64url')
          .slice(0, 16),
        funding: 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: unixNow(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata: metadata ?? {},
      type: 'card',
    };
    this.store.paymentMethods.set(paymentMethod.id, { object: paymentMethod, number, detached: false });
    return paymentMethod;
  }

  /** A stored PaymentMethod, or a fresh one for a test token such as `pm_card_visa` (as Stripe does). */
  resolve(id: string, param: string): StoredPaymentMethod {
    const token = testCardForToken(id);
    if (token && !this.store.paymentMethods.has(id)) {
      const now = new Date();
      const created = this.createCard(
        { number: token.number, expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() + 3 },
        undefined,
        undefined,
      );
      return this.store.paymentMethod(created.id);
    }
    return this.store.paymentMethod(id, param);
  }

  /** Refuses a PaymentMethod that was detached: Stripe never lets one be used again. */
  assertUsable(stored: StoredPaymentMethod, param: string): void {
    if (stored.detached) {
      throw stripeErrors.invalidRequest(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param },
      );
    }
  }

  attach(stored: StoredPaymentMethod, customer: Customer, ctx: StripeContext): PaymentMethod {
    this.assertUsable(stored, 'payment_method');
    const paymentMethod = stored.object;
    if (paymentMethod.customer === customer.id) return paymentMethod;
    if (paymentMethod.customer) {
      throw stripeErrors.invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        {
          param: 'customer',
        },
      );
    }
    const behaviour = behaviourOf(stored.number);
    if (behaviour.kind === 'decline' && behaviour.failsOnAttach) {
      throw stripeErrors.card(behaviour.code, behaviour.message, {
        decline_code: behaviour.declineCode,
        ...(behaviour.param ? { param: behaviour.param } : {}),
      });
    }
    paymentMethod.customer = customer.id;
    this.events.emit('payment_method.attached', paymentMethod, ctx);
    return paymentMethod;
  }

  detach(stored: StoredPaymentMethod, ctx: StripeContext): PaymentMethod {
    const paymentMethod = stored.object;
    const customerId = paymentMethod.customer;
    if (!customerId) {
      throw stripeErrors.invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    const customer = this.store.customers.get(customerId);
    if (
      customer &&
      !('deleted' in customer) &&
      customer.invoice_settings.default_payment_method === paymentMethod.id
    ) {
      customer.invoice_settings.default_payment_method = null;
      this.events.emit('customer.updated', customer, ctx);
    }
    paymentMethod.customer = null;
    stored.detached = true;
    this.events.emit('payment_method.detached', paymentMethod, ctx);
    return paymentMethod;
  }

  update(
    stored: StoredPaymentMethod,
    input: { billing?: BillingInput; expMonth?: number; expYear?: number; metadata?: Metadata | null },
    ctx: StripeContext,
  ): PaymentMethod {
    const paymentMethod = stored.object;
    if (!paymentMethod.customer) {
      throw stripeErrors.invalidRequest(
        'You must save this PaymentMethod to a customer before you can update it.',
      );
    }
    const expMonth = input.expMonth ?? paymentMethod.card.exp_month;
    const rawYear = input.expYear ?? paymentMethod.card.exp_year;
    const expYear = rawYear < 100 ? 2000 + rawYear : rawYear;
    if (expMonth < 1 || expMonth > 12) {
      throw stripeErrors.card('invalid_expiry_month', "Your card's expiration month is invalid.", {
        param: 'card[exp_month]',
      });
    }
    if (isExpired(expMonth, expYear)) {
      throw stripeErrors.card('invalid_expiry_year', "Your card's expiration year is invalid.", {
        param: 'card[exp_year]',
      });
    }
    paymentMethod.card.exp_month = expMonth;
    paymentMethod.card.exp_year = expYear;
    paymentMethod.billing_details = mergeBilling(paymentMethod.billing_details, input.billing);
    paymentMethod.metadata = mergeMetadata(paymentMethod.metadata, input.metadata);
    this.events.emit('payment_method.updated', paymentMethod, ctx);
    return paymentMethod;
  }
}
