import type { StripeRoute } from './customers.routes.js';
import type { BillingInput, PaymentMethodsService } from './payment-methods.service.js';
import { newestFirst, type StripeStore } from './stripe.store.js';
import { endpoint } from './stripe-endpoint.js';
import { stripeErrors } from './stripe-error.js';
import { listObject, readPageParams } from './stripe-list.js';
import type { StripeParams } from './stripe-params.js';

function readBillingDetails(params: StripeParams): BillingInput | undefined {
  const billing = params.object('billing_details');
  if (billing === undefined) return undefined;
  if (billing === null) return { name: null, email: null, phone: null, address: null };
  const address = billing.object('address');
  return {
    name: billing.nullableString('name', { maxLength: 5000 }),
    email: billing.nullableString('email', { maxLength: 800 }),
    phone: billing.nullableString('phone', { maxLength: 5000 }),
    address:
      address === null
        ? null
        : address && {
            city: address.nullableString('city'),
            country: address.nullableString('country'),
            line1: address.nullableString('line1'),
            line2: address.nullableString('line2'),
            postal_code: address.nullableString('postal_code'),
            state: address.nullableString('state'),
          },
  };
}

/** Drops the keys a reader left undefined, so merging keeps the current values. */
function defined<T extends object>(value: T | undefined): T | undefined {
  if (!value) return value;
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

function cleanBilling(input: BillingInput | undefined): BillingInput | undefined {
  if (!input) return input;
  const out = defined(input) as BillingInput;
  if (input.address) out.address = defined(input.address);
  return out;
}

/** PaymentMethods: create (also with a publishable key, as Stripe.js does), retrieve, update, attach, detach, list. */
export function paymentMethodRoutes(deps: {
  store: StripeStore;
  paymentMethods: PaymentMethodsService;
}): StripeRoute[] {
  const { store, paymentMethods } = deps;

  const create = endpoint({
    publishable: true,
    parse: (params) => {
      params.oneOf('type', ['card'], { required: true });
      const card = params.object('card');
      if (!card) throw stripeErrors.missingParam('card');
      return {
        card: {
          number: card.string('number', { required: true }) ?? '',
          expMonth: card.int('exp_month', { required: true }) ?? 0,
          expYear: card.int('exp_year', { required: true }) ?? 0,
          cvc: card.string('cvc'),
        },
        billing: cleanBilling(readBillingDetails(params)),
        metadata: params.metadata() ?? undefined,
      };
    },
    run: ({ card, billing, metadata }) => paymentMethods.createCard(card, billing, metadata),
  });

  const retrieve = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id) => store.paymentMethod(id).object,
  });

  const update = endpoint({
    parse: (params, path) => {
      const card = params.object('card');
      return {
        id: path.id ?? '',
        billing: cleanBilling(readBillingDetails(params)),
        expMonth: card?.int('exp_month'),
        expYear: card?.int('exp_year'),
        metadata: params.metadata(),
      };
    },
    run: ({ id, ...input }, ctx) => paymentMethods.update(store.paymentMethod(id), input, ctx),
  });

  const attach = endpoint({
    parse: (params, path) => ({
      id: path.id ?? '',
      customer: params.string('customer', { required: true }) ?? '',
    }),
    run: ({ id, customer }, ctx) =>
      paymentMethods.attach(
        paymentMethods.resolve(id, 'payment_method'),
        store.customer(customer, 'customer'),
        ctx,
      ),
  });

  const detach = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id, ctx) => paymentMethods.detach(store.paymentMethod(id), ctx),
  });

  const list = endpoint({
    parse: (params) => ({
      customer: params.string('customer'),
      type: params.oneOf('type', ['card']),
      page: readPageParams(params),
    }),
    run: ({ customer, page }) => {
      if (customer) store.customer(customer, 'customer');
      const cards = newestFirst(
        store.paymentMethods.values(),
        (stored) => customer === undefined || stored.object.customer === customer,
      ).map((stored) => stored.object);
      return listObject(cards, page, '/v1/payment_methods');
    },
  });

  return [
    { method: 'post', path: '/v1/payment_methods', endpoint: create },
    { method: 'get', path: '/v1/payment_methods', endpoint: list },
    { method: 'get', path: '/v1/payment_methods/:id', endpoint: retrieve },
    { method: 'post', path: '/v1/payment_methods/:id', endpoint: update },
    { method: 'post', path: '/v1/payment_methods/:id/attach', endpoint: attach },
    { method: 'post', path: '/v1/payment_methods/:id/detach', endpoint: detach },
  ];
}
