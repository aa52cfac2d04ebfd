import type { sessionUserData } from '@multimfa/api-contract';
import { DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceClient } from '../upstream/service-client.js';
import { BILLING, IDENTITY } from '../upstream/upstream.module.js';
import { billingCustomer, type IdentityUser, identityUser } from './identity.schemas.js';

export type SessionUserData = z.infer<typeof sessionUserData>;

/** Puts together what the browser's session needs from the services that own each part. */
@Injectable()
export class AuthService {
  constructor(
    @Inject(IDENTITY) private readonly identity: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  getUser(userId: string): Promise<IdentityUser> {
    return this.identity.get(`/users/${userId}`, identityUser);
  }

  /**
   * The user's Stripe customer id: billing creates it on the registered event; if that has not
   * happened yet, the gateway asks for it now (idempotent). Sign-in never fails for it.
   */
  async stripeCustomerId(user: IdentityUser): Promise<string> {
    try {
      return (await this.billing.get(`/customers/${user.userId}`, billingCustomer)).stripeCustomerId;
    } catch (error) {
      if (!(error instanceof DomainError && error.status === 404)) {
        this.logger.warn({ err: error, userId: user.userId }, 'billing customer unavailable');
        return '';
      }
    }
    try {
      const customer = await this.billing.put(`/customers/${user.userId}`, billingCustomer, {
        emailAddress: user.emailAddress,
        name: user.fullName,
      });
      return customer.stripeCustomerId;
    } catch (error) {
      this.logger.warn({ err: error, userId: user.userId }, 'could not create the billing customer now');
      return '';
    }
  }

  async sessionUser(user: IdentityUser): Promise<SessionUserData> {
    return {
      emailAddress: user.emailAddress,
      name: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      userId: user.userId,
      userType: user.userType,
      isVerified: user.isVerified,
      isLoggedIn: true,
      mobileNo: user.mobileNo,
      // The numbers service fills this in once MFAs exist.
      MFAs: [],
      stripeCustomerId: await this.stripeCustomerId(user),
    };
  }
}
