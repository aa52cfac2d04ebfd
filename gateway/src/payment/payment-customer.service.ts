import { billingCustomer } from '@multimfa/service-contracts/billing';
import { identityUser } from '@multimfa/service-contracts/identity';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, IDENTITY } from '../upstream/upstream.module.js';

/**
 * The user's Stripe customer, made by billing when first needed (the first checkout or card), with the
 * address and name identity holds; never at sign-up. Billing makes one however many ask at once.
 */
@Injectable()
export class PaymentCustomerService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
  ) {}

  async ensure(userId: string): Promise<string> {
    const user = await this.identity.get(`/users/${userId}`, identityUser);
    const customer = await this.billing.put(`/customers/${userId}`, billingCustomer, {
      emailAddress: user.emailAddress,
      name: user.fullName,
    });
    return customer.stripeCustomerId;
  }
}
