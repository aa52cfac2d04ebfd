import type { StripeRoute } from './customers.routes.js';
import { type PaymentIntentsService, SUPPORTED_CURRENCIES } from './payment-intents.service.js';
import { newestFirst, type StripeStore } from './stripe.store.js';
import { endpoint } from './stripe-endpoint.js';
import { stripeErrors } from './stripe-error.js';
import { listObject, readPageParams } from './stripe-list.js';
import type { StripeParams } from './stripe-params.js';

const FUTURE_USAGE = ['off_session', 'on_session'] as const;

function readCurrency(params: StripeParams, required: boolean): string | undefined {
  const currency = params.string('currency', { required })?.toLowerCase();
  if (currency !== undefined && !(SUPPORTED_CURRENCIES as readonly string[]).includes(currency)) {
    throw stripeErrors.invalidValue(
      'currency',
      `Invalid currency: ${currency}. The provider sandbox supports: ${SUPPORTED_CURRENCIES.join(', ')}.`,
    );
  }
  return currency;
}

/** `off_session` is a boolean, or `one_off` / `recurring` (both mean true). */
function readOffSession(params: StripeParams): boolean | undefined {
  const value = params.oneOf('off_session', ['true', 'false', 'one_off', 'recurring']);
  return value === undefined ? undefined : value !== 'false';
}

function readReturnUrl(params: StripeParams): string | undefined {
  const value = params.string('return_url', { maxLength: 2048 });
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw stripeErrors.invalidValue('return_url', 'Not a valid URL', 'url_invalid');
  }
  return value;
}

/** Reads capture and confirmation methods, refusing the manual variants the sandbox does not implement. */
function readCaptureMethod(params: StripeParams): 'automatic' | 'automatic_async' | undefined {
  const capture = params.oneOf('capture_method', ['automatic', 'automatic_async', 'manual']);
  if (capture === 'manual') {
    throw stripeErrors.invalidValue(
      'capture_method',
      'capture_method=manual (separate authorization and capture) is not supported by the provider sandbox.',
    );
  }
  if (params.oneOf('confirmation_method', ['automatic', 'manual']) === 'manual') {
    throw stripeErrors.invalidValue(
      'confirmation_method',
      'confirmation_method=manual is not supported by the provider sandbox.',
    );
  }
  return capture;
}

/** PaymentIntents: create (optionally confirming), retrieve, update, confirm, cancel, list. */
export function paymentIntentRoutes(deps: {
  store: StripeStore;
  paymentIntents: PaymentIntentsService;
}): StripeRoute[] {
  const { store, paymentIntents } = deps;

  const create = endpoint({
    parse: (params) => {
      const automatic = params.object('automatic_payment_methods');
      return {
        amount: params.int('amount', { required: true, min: 0 }) ?? 0,
        currency: readCurrency(params, true) ?? '',
        customer: params.string('customer'),
        paymentMethod: params.string('payment_method'),
        description: params.string('description', { maxLength: 1000 }),
        receiptEmail: params.string('receipt_email'),
        metadata: params.metadata() ?? undefined,
        automaticPaymentMethods: automatic
          ? {
              enabled: automatic.bool('enabled') ?? false,
              allowRedirects: automatic.oneOf('allow_redirects', ['always', 'never']),
            }
          : undefined,
        paymentMethodTypes: params.stringList('payment_method_types'),
        allowedPaymentMethodTypes: params.stringList('allowed_payment_method_types'),
        setupFutureUsage: params.oneOf('setup_future_usage', FUTURE_USAGE),
        captureMethod: readCaptureMethod(params),
        statementDescriptor: params.string('statement_descriptor', { maxLength: 22 }),
        statementDescriptorSuffix: params.string('statement_descriptor_suffix', { maxLength: 22 }),
        confirm: params.bool('confirm'),
        offSession: readOffSession(params),
        returnUrl: readReturnUrl(params),
      };
    },
    run: (input, ctx) => paymentIntents.create(input, ctx),
  });

  const retrieve = endpoint({
    publishable: true,
    parse: (params, path) => ({ id: path.id ?? '', clientSecret: params.string('client_secret') }),
    run: ({ id, clientSecret }, ctx) =>
      paymentIntents.view(paymentIntents.find(id, ctx, clientSecret).object, ctx),
  });

  const update = endpoint({
    parse: (params, path) => ({
      id: path.id ?? '',
      input: {
        amount: params.int('amount', { min: 0 }),
        currency: readCurrency(params, false),
        customer: params.nullableString('customer'),
        paymentMethod: params.string('payment_method'),
        description: params.nullableString('description', { maxLength: 1000 }),
        receiptEmail: params.nullableString('receipt_email'),
        metadata: params.metadata(),
        setupFutureUsage: params.nullableOneOf('setup_future_usage', FUTURE_USAGE),
      },
    }),
    run: ({ id, input }) => paymentIntents.update(id, input),
  });

  const confirm = endpoint({
    publishable: true,
    parse: (params, path) => ({
      id: path.id ?? '',
      clientSecret: params.string('client_secret'),
      input: {
        paymentMethod: params.string('payment_method'),
        offSession: readOffSession(params),
        returnUrl: readReturnUrl(params),
        receiptEmail: params.string('receipt_email'),
        setupFutureUsage: params.oneOf('setup_future_usage', FUTURE_USAGE),
      },
    }),
    run: ({ id, clientSecret, input }, ctx) =>
      paymentIntents.view(paymentIntents.confirm(id, input, ctx, clientSecret), ctx),
  });

  const cancel = endpoint({
    parse: (params, path) => ({
      id: path.id ?? '',
      reason: params.oneOf('cancellation_reason', [
        'duplicate',
        'fraudulent',
        'requested_by_customer',
        'abandoned',
      ]),
    }),
    run: ({ id, reason }, ctx) => paymentIntents.cancel(id, reason, ctx),
  });

  const list = endpoint({
    parse: (params) => ({ customer: params.string('customer'), page: readPageParams(params) }),
    run: ({ customer, page }) => {
      const intents = newestFirst(
        store.paymentIntents.values(),
        (stored) => customer === undefined || stored.object.customer === customer,
      ).map((stored) => stored.object);
      return listObject(intents, page, '/v1/payment_intents');
    },
  });

  return [
    { method: 'post', path: '/v1/payment_intents', endpoint: create },
    { method: 'get', path: '/v1/payment_intents', endpoint: list },
    { method: 'get', path: '/v1/payment_intents/:id', endpoint: retrieve },
    { method: 'post', path: '/v1/payment_intents/:id', endpoint: update },
    { method: 'post', path: '/v1/payment_intents/:id/confirm', endpoint: confirm },
    { method: 'post', path: '/v1/payment_intents/:id/cancel', endpoint: cancel },
  ];
}

/** Charges (read-only: they are created by PaymentIntents) and events. */
export function chargeAndEventRoutes(store: StripeStore): StripeRoute[] {
  const retrieveCharge = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id) => store.charge(id),
  });
  const retrieveEvent = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id) => store.event(id),
  });
  const listEvents = endpoint({
    parse: (params) => ({ type: params.string('type'), page: readPageParams(params) }),
    run: ({ type, page }) => {
      const matchesType = (eventType: string) =>
        type === undefined ||
        (type.endsWith('.*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type);
      const events = newestFirst(store.events.values(), (event) => matchesType(event.type));
      return listObject(events, page, '/v1/events');
    },
  });
  return [
    { method: 'get', path: '/v1/charges/:id', endpoint: retrieveCharge },
    { method: 'get', path: '/v1/events', endpoint: listEvents },
    { method: 'get', path: '/v1/events/:id', endpoint: retrieveEvent },
  ];
}
