import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain.errors.js';
import type { ServiceTokenVerifier } from './service-token.service.js';

const OPEN_TO_PROBES = 'multimfa:open-to-probes';

/** Routes any caller may reach without a service token: the health probes. */
export const OpenToProbes = () => SetMetadata(OPEN_TO_PROBES, true);

/**
 * The one check every internal call passes: a bearer token signed by a caller this service trusts,
 * for this service, not expired. Anything else answers 401 in the error shape.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    private readonly verifier: ServiceTokenVerifier,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const open = this.reflector.getAllAndOverride<boolean>(OPEN_TO_PROBES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (open) return true;
    // A resolver runs inside the POST /graphql call whose HTTP request this guard has already checked.
    if (context.getType<string>() === 'graphql') return true;
    const authorization: unknown = context.switchToHttp().getRequest().headers?.authorization;
    const token =
      typeof authorization === 'string' && authorization.startsWith('Bearer ')
        ? authorization.slice('Bearer '.length)
        : undefined;
    try {
      if (!token) throw new Error('no token');
      await this.verifier.verify(token);
      return true;
    } catch {
      throw new DomainError('CALLER_UNKNOWN', 'The caller could not be identified', 401);
    }
  }
}
