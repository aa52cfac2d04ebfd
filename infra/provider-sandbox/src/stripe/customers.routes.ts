import { randomBase62, stripeId } from '../shared/ids.js';
import type { PaymentMethodsService } from './payment-methods.service.js';
import { newestFirst, type StripeStore } from './stripe.store.js';
import type { Customer, DeletedCustomer, Metadata } from './stripe.types.js';
import { unixNow } from './stripe.types.js';
import type { StripeContext } from './stripe-context.js';
import { endpoint, type StripeEndpoint } from './stripe-endpoint.js';
import { stripeErrors } from './stripe-error.js';
import type { StripeEvents } from './stripe-events.js';
import { listObject, readPageParams } from './stripe-list.js';
import { mergeMetadata, type StripeParams } from './stripe-params.js';

export interface StripeRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  endpoint: StripeEndpoint<unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface CustomerFields {
  email?: string | null;
  name?: string | null;
  phone?: string | null;
  description?: string | null;
  metadata?: Metadata | null;
  defaultPaymentMethod?: string | null;
}

function readCustomerFields(params: StripeParams): CustomerFields {
  const email = params.nullableString('email', { maxLength: 512 });
  if (email && !EMAIL.test(email))
    throw stripeErrors.invalidValue('email', `Invalid email address: ${email}`);
  const invoiceSettings = params.object('invoice_settings');
  return {
    email,
    name: params.nullableString('name', { maxLength: 256 }),
    phone: params.nullableString('phone', { maxLength: 20 }),
    description: params.nullableString('description', { maxLength: 350 }),
    metadata: params.metadata(),
    defaultPaymentMethod: invoiceSettings?.nullableString('default_payment_method'),
  };
}

/** Customers: create, retrieve, update, delete, list, and their PaymentMethods. */
export function customerRoutes(deps: {
  store: StripeStore;
  paymentMethods: PaymentMethodsService;
  events: StripeEvents;
}): StripeRoute[] {
  const { store, paymentMethods, events } = deps;

  const setDefaultPaymentMethod = (customer: Customer, id: string | null | undefined) => {
    if (id === undefined) return;
    if (id !== null && store.paymentMethods.get(id)?.object.customer !== customer.id) {
      throw stripeErrors.invalidRequest(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        { param: 'invoice_settings[default_payment_method]' },
      );
    }
    customer.invoice_settings.default_payment_method = id;
  };

  const create = endpoint({
    parse: (params) => ({ ...readCustomerFields(params), paymentMethod: params.string('payment_method') }),
    run: (input, ctx: StripeContext) => {
      const customer: Customer = {
        id: stripeId('cus'),
        object: 'customer',
        address: null,
        balance: 0,
        created: unixNow(),
        currency: null,
        default_source: null,
        delinquent: false,
        description: input.description ?? null,
        email: input.email ?? null,
        invoice_prefix: randomBase62(8).toUpperCase(),
        invoice_settings: {
          custom_fields: null,
          default_payment_method: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
        metadata: mergeMetadata({}, input.metadata),
        name: input.name ?? null,
        next_invoice_sequence: 1,
        phone: input.phone ?? null,
        preferred_locales: [],
        shipping: null,
        tax_exempt: 'none',
        test_clock: null,
      };
      // Validate before anything is stored: a declined card leaves no customer behind.
      const attaching = input.paymentMethod
        ? paymentMethods.resolve(input.paymentMethod, 'payment_method')
        : undefined;
      store.customers.set(customer.id, customer);
      try {
        if (attaching) paymentMethods.attach(attaching, customer, ctx);
        setDefaultPaymentMethod(customer, input.defaultPaymentMethod);
      } catch (error) {
        store.customers.delete(customer.id);
        throw error;
      }
      events.emit('customer.created', customer, ctx);
      return customer;
    },
  });

  const retrieve = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id): Customer | DeletedCustomer => {
      const customer = store.customers.get(id);
      if (!customer) throw stripeErrors.resourceMissing('customer', id);
      return customer;
    },
  });

  const update = endpoint({
    parse: (params, path) => ({ id: path.id ?? '', fields: readCustomerFields(params) }),
    run: ({ id, fields }, ctx) => {
      const customer = store.customer(id);
      setDefaultPaymentMethod(customer, fields.defaultPaymentMethod);
      if (fields.email !== undefined) customer.email = fields.email;
      if (fields.name !== undefined) customer.name = fields.name;
      if (fields.phone !== undefined) customer.phone = fields.phone;
      if (fields.description !== undefined) customer.description = fields.description;
      customer.metadata = mergeMetadata(customer.metadata, fields.metadata);
      events.emit('customer.updated', customer, ctx);
      return customer;
    },
  });

  const remove = endpoint({
    parse: (_params, path) => path.id ?? '',
    run: (id, ctx): DeletedCustomer => {
      const customer = store.customer(id);
      for (const stored of store.paymentMethods.values()) {
        if (stored.object.customer === id) {
          stored.object.customer = null;
          stored.detached = true;
        }
      }
      const deleted: DeletedCustomer = { id, object: 'customer', deleted: true };
      store.customers.set(id, deleted);
      events.emit('customer.deleted', customer, ctx);
      return deleted;
    },
  });

  const list = endpoint({
    parse: (params) => ({ email: params.string('email'), page: readPageParams(params) }),
    run: ({ email, page }) => {
      const live = newestFirst(store.customers.values()).filter(
        (customer): customer is Customer =>
          !('deleted' in customer) && (email === undefined || customer.email === email),
      );
      return listObject(live, page, '/v1/customers');
    },
  });

  const listPaymentMethods = endpoint({
    parse: (params, path) => ({
      id: path.id ?? '',
      type: params.oneOf('type', ['card']),
      page: readPageParams(params),
    }),
    run: ({ id, page }) => {
      store.customer(id);
      const cards = newestFirst(store.paymentMethods.values(), (stored) => stored.object.customer === id).map(
        (stored) => stored.object,
      );
      return listObject(cards, page, `/v1/customers/${id}/payment_methods`);
    },
  });

  const retrievePaymentMethod = endpoint({
    parse: (_params, path) => ({ customer: path.customer ?? '', id: path.id ?? '' }),
    run: ({ customer, id }) => {
      store.customer(customer);
      const stored = store.paymentMethods.get(id);
      if (!stored || stored.object.customer !== customer)
        throw stripeErrors.resourceMissing('PaymentMethod', id);
      return stored.object;
    },
  });

  return [
    { method: 'post', path: '/v1/customers', endpoint: create },
    { method: 'get', path: '/v1/customers', endpoint: list },
    { method: 'get', path: '/v1/customers/:id', endpoint: retrieve },
    { method: 'post', path: '/v1/customers/:id', endpoint: update },
    { method: 'delete', path: '/v1/customers/:id', endpoint: remove },
    { method: 'get', path: '/v1/customers/:id/payment_methods', endpoint: listPaymentMethods },
    { method: 'get', path: '/v1/customers/:customer/payment_methods/:id', endpoint: retrievePaymentMethod },
  ];
}
