import type { Endpoint } from '@multimfa/api-contract';
import { identityUser } from '@multimfa/service-contracts/identity';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestOf } from '../exchange/raw-exchange.adapter.js';
import type { ServiceClient } from '../upstream/service.client.js';
import { IDENTITY } from '../upstream/upstream.module.js';
import { emailNotVerified } from './access.errors.js';
import { ENDPOINT_METADATA } from './serves.decorator.js';
import '../session/session-state.types.js';

/**
 * After AccessGuard: an endpoint of `verified` access (paying, adding members, creating bots) answers
 * 403 EMAIL_NOT_VERIFIED unless identity, which owns the address's verification, says it is verified
 * now. A pending sign-up (an address that already had an account) never is.
 */
@Injectable()
export class VerifiedEmailGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(IDENTITY) private readonly identity: ServiceClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const endpoint = this.reflector.get<Endpoint | undefined>(ENDPOINT_METADATA, context.getHandler());
    if (endpoint?.access !== 'verified') return true;
    const { user, pendingSignUp } = requestOf(context).session;
    if (!user || pendingSignUp) throw emailNotVerified();
    const { isVerified } = await this.identity.get(`/users/${user.userId}`, identityUser);
    if (!isVerified) throw emailNotVerified();
    return true;
  }
}
