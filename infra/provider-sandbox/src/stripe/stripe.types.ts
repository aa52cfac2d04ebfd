/**
 * The Stripe API objects the sandbox serves, in Stripe's own JSON shape (snake_case, unix seconds).
 * Hand-written on purpose: the `stripe` package types every expandable field as `string | Object`
 * and most nested objects as optional, while the sandbox stores the unexpanded form; with its types
 * (tried: 40 errors) every read of a stored id would need a cast.
 */

export type Metadata = Record<string, string>;

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: string | null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface DeletedCustomer {
  id: string;
  object: 'customer';
  deleted: true;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
}

export interface PaymentMethodCard {
  brand: CardBrand;
  checks: {
    address_line1_check: string | null;
    address_postal_code_check: string | null;
    cvc_check: string | null;
  };
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit';
  generated_from: null;
  last4: string;
  networks: { available: string[]; preferred: null };
  regulated_status: 'unregulated';
  three_d_secure_usage: { supported: boolean };
  wallet: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: BillingDetails;
  card: PaymentMethodCard;
  created: number;
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  doc_url: string;
  message: string;
  charge?: string;
  payment_method?: PaymentMethod;
  payment_method_type?: 'card';
}

export interface NextActionRedirect {
  type: 'redirect_to_url';
  redirect_to_url: { return_url: string | null; url: string };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic' | 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_action: NextActionRedirect | null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { request_three_d_secure: 'automatic' } };
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: string | null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: false;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: {
    network_status: 'approved_by_network' | 'declined_by_network';
    reason: string | null;
    risk_level: 'normal';
    seller_message: string;
    type: 'authorized' | 'issuer_declined';
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: {
    card: Pick<
      PaymentMethodCard,
      'brand' | 'checks' | 'country' | 'exp_month' | 'exp_year' | 'fingerprint' | 'funding' | 'last4'
    >;
    type: 'card';
  };
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: null;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  source_transfer: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: 'succeeded' | 'failed';
  transfer_data: null;
  transfer_group: null;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { type: 'refund' }; type: 'card' };
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string | null;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export const unixNow = () => Math.floor(Date.now() / 1000);
