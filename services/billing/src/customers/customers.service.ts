import { Outbox } from '@multimfa/event-bus';
import { customerCreated } from '@multimfa/events';
import type { BillingCustomer, BillingCustomerLookup } from '@multimfa/service-contracts/billing';
import { DomainError, NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { PaymentsProvider } from '../stripe/payments-provider.port.js';
import { type CustomerDetails, CustomersRepository } from './customers.repository.js';

export type CustomerDto = BillingCustomer;

const customerNotFound = () =>
  new NotFoundError('No payment customer for this user yet', 'CUSTOMER_NOT_FOUND');

const customerNotReady = () =>
  new DomainError(
    'CUSTOMER_NOT_READY',
    'Your payment account is being set up. Please try again in a moment',
    409,
  );

/**
 * Each user's payment customer: the details are recorded at sign-up, and the Stripe customer is made
 * once, when first needed (the first checkout or card), never for a sign-up alone.
 */
@Injectable()
export class CustomersService {
  constructor(
    @Inject(CustomersRepository) private readonly customers: CustomersRepository,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  /** The user's Stripe customer id, null before the first card or checkout makes it. */
  async lookup(userId: string): Promise<BillingCustomerLookup> {
    const customer = await this.customers.findByUserId(userId);
    if (!customer) throw customerNotFound();
    return { userId, stripeCustomerId: customer.stripeCustomerId };
  }

  /** The user's Stripe customer, which must exist already (404 otherwise). */
  async find(userId: string): Promise<CustomerDto> {
    const customer = await this.customers.findByUserId(userId);
    if (!customer?.stripeCustomerId) throw customerNotFound();
    return { userId, stripeCustomerId: customer.stripeCustomerId };
  }

  /** The e-mail address the user's payment customer was made with, lower-cased; null without one. */
  async emailAddressOf(userId: string): Promise<string | null> {
    return (await this.customers.findByUserId(userId))?.emailAddress.toLowerCase() ?? null;
  }

  /** A new user: their details, for the Stripe customer made later. Creates nothing at Stripe. */
  async record(details: CustomerDetails): Promise<void> {
    await this.customers.transaction((manager) => this.customers.insertIfAbsent(manager, details));
  }

  /**
   * The user's Stripe customer, made now if it was not yet (with `details` when billing has not
   * recorded the user yet). The row is locked while Stripe is asked, so concurrent first calls on any
   * replica make one customer; Stripe's idempotency key covers a retry after a lost answer.
   */
  async ensure(userId: string, details?: Omit<CustomerDetails, 'userId'>): Promise<CustomerDto> {
    const existing = await this.customers.findByUserId(userId);
    if (existing?.stripeCustomerId) return { userId, stripeCustomerId: existing.stripeCustomerId };
    return this.customers.transaction(async (manager) => {
      if (details) await this.customers.insertIfAbsent(manager, { userId, ...details });
      const customer = await this.customers.lock(manager, userId);
      if (!customer) throw customerNotReady();
      if (customer.stripeCustomerId) return { userId, stripeCustomerId: customer.stripeCustomerId };
      const stripeCustomerId = await this.payments.createCustomer({
        userId,
        emailAddress: customer.emailAddress,
        name: customer.name,
      });
      await this.customers.setStripeCustomerId(manager, userId, stripeCustomerId);
      await this.outbox.publish(manager, customerCreated, { userId, stripeCustomerId });
      return { userId, stripeCustomerId };
    });
  }
}
