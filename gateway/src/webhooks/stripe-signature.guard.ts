import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { signatureInvalid } from './webhook.errors.js';
import { webhookBodyOf } from './webhook-body.decorator.js';

/**
 * Stripe's webhook carries a `Stripe-Signature` over its raw body, which billing verifies with the
 * endpoint's secret; here a delivery without a body or a signature is refused with 400, as billing would.
 */
@Injectable()
export class StripeSignatureGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (webhookBodyOf(req).length > 0 && req.headers['stripe-signature']) return true;
    throw signatureInvalid(400);
  }
}
