import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** A Twilio form, as the flat map its signature covers (the last value of a repeated field). */
export type TwilioForm = Record<string, string>;

/** The body as the provider sent it (configureHttp keeps webhooks unparsed); empty when there was none. */
export function webhookBodyOf(req: FastifyRequest): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

export function twilioFormOf(req: FastifyRequest): TwilioForm {
  return Object.fromEntries(new URLSearchParams(webhookBodyOf(req).toString('utf8')));
}

/** The webhook's body as sent: the bytes its signature guard checked. */
export const WebhookBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Buffer =>
    webhookBodyOf(context.switchToHttp().getRequest<FastifyRequest>()),
);

/** The form Twilio posted: what TwilioSignatureGuard checked. */
export const SignedTwilioForm = createParamDecorator(
  (_data: unknown, context: ExecutionContext): TwilioForm =>
    twilioFormOf(context.switchToHttp().getRequest<FastifyRequest>()),
);
