import type Stripe from 'stripe';

/**
 * The Stripe API objects the sandbox serves, typed by the `stripe` package's own definitions, narrowed
 * only where the sandbox's stored form is narrower than what Stripe's type allows.
 */

/** Stripe types an expandable field as `string | Object`; the sandbox stores the id (stripe-expand.ts expands it). */
type Unexpanded<T, K extends keyof T> = Omit<T, K> & { [P in K]: Extract<T[P], string | null> };
/** Fields Stripe's type allows absent or null that the sandbox always fills in (it serves card payments only). */
type Filled<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** Nested objects the sandbox serves only in part: the fields it serves, as Stripe types them. */
type With<T, O extends { [P in keyof O]: P extends keyof T ? unknown : never }> = Omit<T, keyof O> & O;

export type Metadata = Stripe.Metadata;
export type Address = Stripe.Address;
/** Without `tax_id`, which the sandbox does not serve. */
export type BillingDetails = Filled<Omit<Stripe.PaymentMethod.BillingDetails, 'tax_id'>, 'address'>;

export type Customer = Unexpanded<Stripe.Customer, 'default_source' | 'test_clock'>;
export type DeletedCustomer = Stripe.DeletedCustomer;

export type PaymentMethod = With<
  Filled<Unexpanded<Stripe.PaymentMethod, 'customer'>, 'card' | 'metadata'>,
  { billing_details: BillingDetails }
>;

export type PaymentIntentStatus = Stripe.PaymentIntent.Status;
export type PaymentError = With<Stripe.PaymentIntent.LastPaymentError, { payment_method?: PaymentMethod }>;
export type PaymentIntent = With<
  Filled<
    Unexpanded<
      Stripe.PaymentIntent,
      | 'application'
      | 'customer'
      | 'latest_charge'
      | 'on_behalf_of'
      | 'payment_method'
      | 'payment_record'
      | 'review'
      | 'source'
    >,
    'client_secret'
  >,
  {
    last_payment_error: PaymentError | null;
    next_action: Filled<Stripe.PaymentIntent.NextAction, 'redirect_to_url'> | null;
    payment_method_options: {
      card: Pick<Stripe.PaymentIntent.PaymentMethodOptions.Card, 'request_three_d_secure'>;
    };
  }
>;

export type Charge = With<
  Unexpanded<
    Stripe.Charge,
    | 'application'
    | 'application_fee'
    | 'balance_transaction'
    | 'customer'
    | 'failure_balance_transaction'
    | 'on_behalf_of'
    | 'payment_intent'
    | 'review'
    | 'source_transfer'
  >,
  {
    billing_details: BillingDetails;
    outcome: Pick<
      Stripe.Charge.Outcome,
      'network_status' | 'reason' | 'risk_level' | 'seller_message' | 'type'
    > | null;
    payment_method_details: {
      card: Pick<
        Stripe.Charge.PaymentMethodDetails.Card,
        'brand' | 'checks' | 'country' | 'exp_month' | 'exp_year' | 'fingerprint' | 'funding' | 'last4'
      >;
      type: Stripe.Charge.PaymentMethodDetails['type'];
    };
  }
>;

/** Without the refund's `customer`, `customer_account` and `payment_method`, which the sandbox does not serve. */
export type Refund = Omit<
  Unexpanded<
    Stripe.Refund,
    'balance_transaction' | 'charge' | 'payment_intent' | 'source_transfer_reversal' | 'transfer_reversal'
  >,
  'customer' | 'customer_account' | 'payment_method'
>;

export type StripeEvent = Stripe.EventBase;
export type ListObject<T> = Stripe.ApiList<T>;

export const unixNow = () => Math.floor(Date.now() / 1000);
