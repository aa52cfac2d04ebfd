import { billingCustomer } from '@multimfa/service-contracts/billing';
import { identityUser } from '@multimfa/service-contracts/identity';
import { DomainError } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, IDENTITY } from '../upstream/upstream.module.js';

const notRecordedYet = (error: unknown) =>
  error instanceof DomainError && error.code === 'CUSTOMER_NOT_READY';

/**
 * The user's Stripe customer, made by billing when first needed (the first checkout or card) from the
 * details it recorded at sign-up; never at sign-up. Billing makes one however many ask at once. Only
 * when billing has not recorded the user yet (its sign-up event not applied) is identity asked for them.
 */
@Injectable()
export class PaymentCustomerService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
  ) {}

  async ensure(userId: string): Promise<string> {
    return this.whenRecorded(userId, async () => {
      const customer = await this.billing.put(`/customers/${userId}`, billingCustomer, {});
      return customer.stripeCustomerId;
    });
  }

  /** Runs a billing call that needs the customer; if billing does not know the user yet, records them from identity and runs it again. */
  async whenRecorded<T>(userId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!notRecordedYet(error)) throw error;
    }
    const user = await this.identity.get(`/users/${userId}`, identityUser);
    await this.billing.put(`/customers/${userId}`, billingCustomer, {
      emailAddress: user.emailAddress,
      name: user.fullName,
    });
    return call();
  }
}
