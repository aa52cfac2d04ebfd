import { Outbox } from '@multimfa/event-bus';
import { customerCreated } from '@multimfa/events';
import type { BillingCustomer } from '@multimfa/service-contracts/billing';
import { NotFoundError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { PaymentsProvider } from '../stripe/payments-provider.port.js';
import { CustomersRepository } from './customers.repository.js';

export type CustomerDto = BillingCustomer;

/** Each user's Stripe customer: created once, whether the gateway or the registered event asks first. */
@Injectable()
export class CustomersService {
  constructor(
    @Inject(CustomersRepository) private readonly customers: CustomersRepository,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Outbox) private readonly outbox: Outbox,
  ) {}

  async find(userId: string): Promise<CustomerDto> {
    const customer = await this.customers.findByUserId(userId);
    if (!customer) throw new NotFoundError('No payment customer for this user yet', 'CUSTOMER_NOT_FOUND');
    return { userId, stripeCustomerId: customer.stripeCustomerId };
  }

  /** The e-mail address the user's payment customer was made with, lower-cased; null without one. */
  async emailAddressOf(userId: string): Promise<string | null> {
    return (await this.customers.findByUserId(userId))?.emailAddress.toLowerCase() ?? null;
  }

  async ensure(input: { userId: string; emailAddress: string; name: string }): Promise<CustomerDto> {
    const existing = await this.customers.findByUserId(input.userId);
    if (existing) return { userId: input.userId, stripeCustomerId: existing.stripeCustomerId };
    // Stripe's idempotency key makes a second caller get the same customer back.
    const stripeCustomerId = await this.payments.createCustomer(input);
    await this.customers.transaction(async (manager) => {
      const stored = await this.customers.insertIfAbsent(manager, {
        userId: input.userId,
        stripeCustomerId,
        emailAddress: input.emailAddress,
      });
      if (stored)
        await this.outbox.publish(manager, customerCreated, { userId: input.userId, stripeCustomerId });
    });
    return this.find(input.userId);
  }
}
