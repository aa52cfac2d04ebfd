import { randomBase62, randomToken, stripeId } from '../shared/ids.js';
import { secureEqual } from '../shared/secure-compare.js';
import type { PaymentMethodsService } from './payment-methods.service.js';
import { isExpired } from './payment-methods.service.js';
import type { StoredPaymentIntent, StoredPaymentMethod, StripeStore } from './stripe.store.js';
import type { Charge, Metadata, PaymentError, PaymentIntent, PaymentIntentStatus } from './stripe.types.js';
import { unixNow } from './stripe.types.js';
import type { StripeContext } from './stripe-context.js';
import { docUrl, stripeErrors } from './stripe-error.js';
import type { StripeEvents } from './stripe-events.js';
import { mergeMetadata } from './stripe-params.js';
import { AUTHENTICATION_REQUIRED, behaviourOf, type Decline } from './test-cards.js';

/** Smallest chargeable amounts (minor units), as Stripe enforces them. */
const MINIMUM_AMOUNTS: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  cad: 50,
  aud: 50,
  chf: 50,
  inr: 50,
};
export const SUPPORTED_CURRENCIES = [
  'usd',
  'eur',
  'gbp',
  'cad',
  'aud',
  'chf',
  'inr',
  'jpy',
  'nzd',
  'sgd',
  'sek',
  'nok',
  'dkk',
  'pln',
  'mxn',
  'brl',
] as const;
const MAXIMUM_AMOUNT = 99_999_999;

const CONFIRMABLE: PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];
const CANCELABLE: PaymentIntentStatus[] = [...CONFIRMABLE, 'processing'];

export interface PaymentIntentInput {
  amount: number;
  currency: string;
  customer?: string;
  paymentMethod?: string;
  description?: string;
  receiptEmail?: string;
  metadata?: Metadata;
  automaticPaymentMethods?: { enabled: boolean; allowRedirects?: 'always' | 'never' };
  /** `payment_method_types`, as API versions before 2026 name it (exclusive with automatic_payment_methods). */
  paymentMethodTypes?: string[];
  /** `allowed_payment_method_types`, the current name. */
  allowedPaymentMethodTypes?: string[];
  setupFutureUsage?: 'off_session' | 'on_session';
  captureMethod?: 'automatic' | 'automatic_async';
  statementDescriptor?: string;
  statementDescriptorSuffix?: string;
  confirm?: boolean;
  offSession?: boolean;
  returnUrl?: string;
}

export interface ConfirmInput {
  paymentMethod?: string;
  offSession?: boolean;
  returnUrl?: string;
  receiptEmail?: string;
  setupFutureUsage?: 'off_session' | 'on_session';
}

export interface UpdateInput {
  amount?: number;
  currency?: string;
  customer?: string | null;
  paymentMethod?: string;
  description?: string | null;
  receiptEmail?: string | null;
  metadata?: Metadata | null;
  setupFutureUsage?: 'off_session' | 'on_session' | null;
}

/** The fields Stripe shows when a PaymentIntent is read with a publishable key and its client secret. */
const PUBLISHABLE_FIELDS = [
  'id',
  'object',
  'amount',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'status',
] as const;

function formatMinimum(amount: number, currency: string): string {
  const major = (amount / 100).toFixed(2);
  return currency === 'usd' ? `$${major} usd` : `${major} ${currency}`;
}

/** Where the 3-D Secure page sends the browser back, with Stripe's query parameters. */
export function redirectUrl(
  returnUrl: string,
  intent: PaymentIntent,
  status: 'succeeded' | 'failed',
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', intent.client_secret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

export interface AuthenticationChallenge {
  intent: PaymentIntent;
  last4: string;
  brand: string;
}

/** PaymentIntents: create, update, confirm (cards, declines, 3-D Secure), cancel, and the 3-D Secure outcome. */
export class PaymentIntentsService {
  constructor(
    private readonly store: StripeStore,
    private readonly paymentMethods: PaymentMethodsService,
    private readonly events: StripeEvents,
    private readonly publicUrl: () => string,
  ) {}

  /** The PaymentIntent as the caller may see it: everything with a secret key, a subset with a publishable one. */
  view(intent: PaymentIntent, ctx: Pick<StripeContext, 'mode'>): unknown {
    if (ctx.mode === 'secret') return intent;
    return Object.fromEntries(PUBLISHABLE_FIELDS.map((field) => [field, intent[field]]));
  }

  /** Reads a PaymentIntent; with a publishable key only together with its client secret. */
  find(id: string, ctx: StripeContext, clientSecret: string | undefined): StoredPaymentIntent {
    const stored = this.store.paymentIntent(id);
    if (ctx.mode === 'publishable') {
      if (clientSecret === undefined) throw stripeErrors.missingParam('client_secret');
      if (!secureEqual(clientSecret, stored.object.client_secret)) {
        throw stripeErrors.resourceMissing('payment_intent', id);
      }
    }
    return stored;
  }

  create(input: PaymentIntentInput, ctx: StripeContext): PaymentIntent {
    this.checkAmount(input.amount, input.currency);
    if (input.automaticPaymentMethods && input.paymentMethodTypes) {
      throw stripeErrors.invalidRequest(
        'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      );
    }
    if (!input.confirm) {
      if (input.offSession !== undefined) {
        throw stripeErrors.invalidRequest('You can only pass `off_session` when `confirm=true`.', {
          param: 'off_session',
        });
      }
      if (input.returnUrl !== undefined) {
        throw stripeErrors.invalidRequest('You can only pass `return_url` when `confirm=true`.', {
          param: 'return_url',
        });
      }
    }
    if (input.paymentMethodTypes && input.allowedPaymentMethodTypes) {
      throw stripeErrors.invalidRequest(
        'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
      );
    }
    const types = input.allowedPaymentMethodTypes ?? input.paymentMethodTypes;
    const unsupported = types?.find((type) => type !== 'card');
    if (unsupported) {
      throw stripeErrors.invalidRequest(
        `The payment method type "${unsupported}" is invalid: the provider sandbox supports card payments only.`,
        { param: input.allowedPaymentMethodTypes ? 'allowed_payment_method_types' : 'payment_method_types' },
      );
    }
    const customer = input.customer ? this.store.customer(input.customer, 'customer') : undefined;
    const paymentMethod = input.paymentMethod
      ? this.usablePaymentMethod(input.paymentMethod, customer?.id)
      : undefined;
    // Since API version 2023-08-16, automatic payment methods are on unless payment_method_types is given.
    const automatic = input.paymentMethodTypes
      ? null
      : {
          enabled: input.automaticPaymentMethods?.enabled ?? true,
          allow_redirects: input.automaticPaymentMethods?.allowRedirects ?? ('always' as const),
        };
    const id = stripeId('pi');
    const intent: PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: input.allowedPaymentMethodTypes ?? null,
      amount: input.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: input.captureMethod ?? 'automatic_async',
      client_secret: `${id}_secret_${randomBase62(25)}`,
      confirmation_method: 'automatic',
      created: unixNow(),
      currency: input.currency,
      customer: customer?.id ?? null,
      customer_account: null,
      description: input.description ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: paymentMethod?.object.id ?? null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: types ?? ['card'],
      payment_record: null,
      processing: null,
      receipt_email: input.receiptEmail ?? null,
      review: null,
      setup_future_usage: input.setupFutureUsage ?? null,
      shipping: null,
      source: null,
      statement_descriptor: input.statementDescriptor ?? null,
      statement_descriptor_suffix: input.statementDescriptorSuffix ?? null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    const stored: StoredPaymentIntent = { object: intent };
    this.store.paymentIntents.set(id, stored);
    this.events.emit('payment_intent.created', intent, ctx);
    if (!input.confirm) return intent;
    return this.confirmStored(stored, { offSession: input.offSession, returnUrl: input.returnUrl }, ctx);
  }

  update(id: string, input: UpdateInput): PaymentIntent {
    const stored = this.store.paymentIntent(id);
    const intent = stored.object;
    if (!CONFIRMABLE.includes(intent.status)) {
      throw stripeErrors.unexpectedState(
        `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}. You may only update the amount of a PaymentIntent with one of the following statuses: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    const currency = input.currency ?? intent.currency;
    const amount = input.amount ?? intent.amount;
    this.checkAmount(amount, currency);
    if (input.customer !== undefined) {
      intent.customer = input.customer === null ? null : this.store.customer(input.customer, 'customer').id;
    }
    if (input.paymentMethod !== undefined) {
      intent.payment_method = this.usablePaymentMethod(
        input.paymentMethod,
        intent.customer ?? undefined,
      ).object.id;
      this.leaveAction(stored, 'requires_confirmation');
    }
    intent.amount = amount;
    intent.currency = currency;
    if (input.description !== undefined) intent.description = input.description;
    if (input.receiptEmail !== undefined) intent.receipt_email = input.receiptEmail;
    if (input.setupFutureUsage !== undefined) intent.setup_future_usage = input.setupFutureUsage;
    intent.metadata = mergeMetadata(intent.metadata, input.metadata);
    return intent;
  }

  confirm(
    id: string,
    input: ConfirmInput,
    ctx: StripeContext,
    clientSecret: string | undefined,
  ): PaymentIntent {
    return this.confirmStored(this.find(id, ctx, clientSecret), input, ctx);
  }

  cancel(id: string, reason: string | undefined, ctx: StripeContext): PaymentIntent {
    const stored = this.store.paymentIntent(id);
    const intent = stored.object;
    if (!CANCELABLE.includes(intent.status)) {
      throw stripeErrors.unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      );
    }
    this.leaveAction(stored, 'canceled');
    intent.canceled_at = unixNow();
    intent.cancellation_reason = reason ?? null;
    this.events.emit('payment_intent.canceled', intent, ctx);
    return intent;
  }

  /** What the 3-D Secure page shows, if `token` is the live challenge of this PaymentIntent. */
  challenge(id: string, token: string): AuthenticationChallenge | undefined {
    const stored = this.store.paymentIntents.get(id);
    if (!stored?.authenticationToken || stored.object.status !== 'requires_action') return undefined;
    if (!secureEqual(token, stored.authenticationToken)) return undefined;
    const card = stored.object.payment_method
      ? this.store.paymentMethods.get(stored.object.payment_method)?.object.card
      : undefined;
    return { intent: stored.object, last4: card?.last4 ?? '????', brand: card?.brand ?? 'card' };
  }

  /**
   * The cardholder approved or refused on the 3-D Secure page. Returns the PaymentIntent and where to
   * send the browser (the return_url with Stripe's query parameters), if there is a return_url.
   */
  completeAuthentication(
    id: string,
    token: string,
    approved: boolean,
    ctx: StripeContext,
  ): { intent: PaymentIntent; redirectTo: string | undefined } | undefined {
    if (!this.challenge(id, token)) return undefined;
    const stored = this.store.paymentIntent(id);
    const intent = stored.object;
    const returnUrl = intent.next_action?.redirect_to_url.return_url ?? null;
    const paymentMethod = intent.payment_method
      ? this.store.paymentMethods.get(intent.payment_method)
      : undefined;
    if (approved && paymentMethod) {
      this.succeed(stored, paymentMethod, ctx);
    } else {
      this.leaveAction(stored, 'requires_payment_method');
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        doc_url: docUrl('payment_intent_authentication_failure'),
        message:
          'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
        ...(paymentMethod ? { payment_method: structuredClone(paymentMethod.object) } : {}),
      };
      intent.payment_method = null;
      this.events.emit('payment_intent.payment_failed', intent, ctx);
    }
    const status = intent.status === 'succeeded' ? 'succeeded' : 'failed';
    return { intent, redirectTo: returnUrl ? redirectUrl(returnUrl, intent, status) : undefined };
  }

  private checkAmount(amount: number, currency: string): void {
    const minimum = MINIMUM_AMOUNTS[currency] ?? 50;
    if (amount < minimum) {
      throw stripeErrors.invalidRequest(`Amount must be at least ${formatMinimum(minimum, currency)}`, {
        param: 'amount',
        code: 'amount_too_small',
      });
    }
    if (amount > MAXIMUM_AMOUNT) {
      throw stripeErrors.invalidRequest('Amount must be no more than $999,999.99', {
        param: 'amount',
        code: 'amount_too_large',
      });
    }
  }

  /** A PaymentMethod this PaymentIntent may use: not detached, and not someone else's. */
  private usablePaymentMethod(id: string, customerId: string | undefined): StoredPaymentMethod {
    const stored = this.paymentMethods.resolve(id, 'payment_method');
    this.paymentMethods.assertUsable(stored, 'payment_method');
    const owner = stored.object.customer;
    if (owner && !customerId) {
      throw stripeErrors.invalidRequest(
        'The provided PaymentMethod belongs to a Customer, but you did not provide a Customer. Please provide the Customer id.',
        { param: 'payment_method' },
      );
    }
    if (owner && owner !== customerId) {
      throw stripeErrors.invalidRequest(
        `The provided PaymentMethod ${stored.object.id} is attached to a different Customer than ${customerId}.`,
        { param: 'payment_method' },
      );
    }
    return stored;
  }

  private confirmStored(stored: StoredPaymentIntent, input: ConfirmInput, ctx: StripeContext): PaymentIntent {
    const intent = stored.object;
    if (!CONFIRMABLE.includes(intent.status)) {
      throw stripeErrors.unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
      );
    }
    if (input.paymentMethod) {
      intent.payment_method = this.usablePaymentMethod(
        input.paymentMethod,
        intent.customer ?? undefined,
      ).object.id;
    }
    if (!intent.payment_method) {
      throw stripeErrors.unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
      );
    }
    const apm = intent.automatic_payment_methods;
    // Cards never redirect: when only cards are allowed, no return_url is needed.
    const onlyCards = intent.allowed_payment_method_types?.every((type) => type === 'card') ?? false;
    if (apm?.enabled && apm.allow_redirects !== 'never' && !onlyCards && !input.returnUrl) {
      throw stripeErrors.invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      );
    }
    if (input.receiptEmail !== undefined) intent.receipt_email = input.receiptEmail;
    if (input.setupFutureUsage !== undefined) intent.setup_future_usage = input.setupFutureUsage;

    const paymentMethod = this.store.paymentMethod(intent.payment_method);
    const card = paymentMethod.object.card;
    const behaviour = isExpired(card.exp_month, card.exp_year)
      ? ({
          kind: 'decline',
          code: 'expired_card',
          declineCode: 'expired_card',
          message: 'Your card has expired.',
          param: 'exp_month',
          failsOnAttach: true,
        } satisfies Decline)
      : behaviourOf(paymentMethod.number);

    if (behaviour.kind === 'authenticate') {
      if (input.offSession) return this.decline(stored, paymentMethod, AUTHENTICATION_REQUIRED, ctx);
      const token = randomToken();
      stored.authenticationToken = token;
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          return_url: input.returnUrl ?? null,
          url: `${this.publicUrl()}/stripe/3ds/${encodeURIComponent(intent.id)}?token=${encodeURIComponent(token)}`,
        },
      };
      this.events.emit('payment_intent.requires_action', intent, ctx);
      return intent;
    }
    if (behaviour.kind === 'decline') return this.decline(stored, paymentMethod, behaviour, ctx);
    return this.succeed(stored, paymentMethod, ctx);
  }

  /** Leaves `requires_action` (if it was there) for `status`, invalidating the 3-D Secure link. */
  private leaveAction(stored: StoredPaymentIntent, status: PaymentIntentStatus): void {
    stored.authenticationToken = undefined;
    stored.object.next_action = null;
    stored.object.status = status;
  }

  private succeed(
    stored: StoredPaymentIntent,
    paymentMethod: StoredPaymentMethod,
    ctx: StripeContext,
  ): PaymentIntent {
    const intent = stored.object;
    const charge = this.recordCharge(intent, paymentMethod, undefined);
    this.leaveAction(stored, 'succeeded');
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer && !paymentMethod.object.customer) {
      this.paymentMethods.attach(paymentMethod, this.store.customer(intent.customer), ctx);
    }
    this.events.emit('charge.succeeded', charge, ctx);
    this.events.emit('payment_intent.succeeded', intent, ctx);
    return intent;
  }

  /** Records the failed attempt and throws Stripe's 402 card error, which carries the PaymentIntent. */
  private decline(
    stored: StoredPaymentIntent,
    paymentMethod: StoredPaymentMethod,
    decline: Decline,
    ctx: StripeContext,
  ): never {
    const intent = stored.object;
    const charge = this.recordCharge(intent, paymentMethod, decline);
    this.leaveAction(stored, 'requires_payment_method');
    const error: PaymentError = {
      type: 'card_error',
      code: decline.code,
      decline_code: decline.declineCode,
      doc_url: docUrl(decline.code),
      message: decline.message,
      charge: charge.id,
      payment_method: structuredClone(paymentMethod.object),
      payment_method_type: 'card',
    };
    intent.last_payment_error = error;
    intent.latest_charge = charge.id;
    intent.payment_method = null;
    this.events.emit('charge.failed', charge, ctx);
    this.events.emit('payment_intent.payment_failed', intent, ctx);
    throw stripeErrors.card(decline.code, decline.message, {
      decline_code: decline.declineCode,
      charge: charge.id,
      payment_intent: structuredClone(this.view(intent, ctx)),
      payment_method: structuredClone(paymentMethod.object),
      ...(decline.param ? { param: decline.param } : {}),
    });
  }

  private recordCharge(
    intent: PaymentIntent,
    stored: StoredPaymentMethod,
    decline: Decline | undefined,
  ): Charge {
    const card = stored.object.card;
    const charge: Charge = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: decline ? null : stripeId('txn'),
      billing_details: structuredClone(stored.object.billing_details),
      calculated_statement_descriptor: intent.statement_descriptor ?? 'MULTIMFA',
      captured: !decline,
      created: unixNow(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      fraud_details: {},
      livemode: false,
      metadata: { ...intent.metadata },
      on_behalf_of: null,
      outcome: decline
        ? {
            network_status: 'declined_by_network',
            reason: decline.declineCode,
            risk_level: 'normal',
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : {
            network_status: 'approved_by_network',
            reason: null,
            risk_level: 'normal',
            seller_message: 'Payment complete.',
            type: 'authorized',
          },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: stored.object.id,
      payment_method_details: {
        card: {
          brand: card.brand,
          checks: card.checks,
          country: card.country,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint,
          funding: card.funding,
          last4: card.last4,
        },
        type: 'card',
      },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: intent.statement_descriptor,
      statement_descriptor_suffix: intent.statement_descriptor_suffix,
      status: decline ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
    this.store.charges.set(charge.id, charge);
    return charge;
  }
}
