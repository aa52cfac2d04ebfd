import type { Endpoint } from '@multimfa/api-contract';
import { DomainError } from '@multimfa/service-runtime';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestOf, SESSION_EXPIRED } from '../exchange/raw-exchange.adapter.js';
import { forbidden, unauthenticated } from './access.errors.js';
import { ENDPOINT_METADATA, PUBLIC_ROUTE_METADATA } from './serves.decorator.js';
import '../session/session-state.types.js';

/**
 * Decides access for every route from the session's role: public endpoints are open, user endpoints
 * need a session (401), admin endpoints need the ADMIN role (403), bot endpoints are left to the bot
 * API's key check (BotKeyGuard). An /api route that is not bound to a documented endpoint is refused,
 * so nothing is exposed by accident.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    const endpoint = this.reflector.get<Endpoint | undefined>(ENDPOINT_METADATA, context.getHandler());
    if (!endpoint) {
      if (this.reflector.get<boolean | undefined>(PUBLIC_ROUTE_METADATA, context.getHandler())) return true;
      if ((request.originalUrl ?? request.url ?? '').startsWith('/api'))
        throw new DomainError('NOT_FOUND', 'Not found', 404);
      return true;
    }
    if (endpoint.access === 'public') return true;
    if (endpoint.access === 'bot') return true;
    const user = request.session?.user;
    if (!user) throw unauthenticated(request[SESSION_EXPIRED] === true);
    if (endpoint.access === 'admin' && user.role !== 'ADMIN') throw forbidden();
    return true;
  }
}
