import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { headerOf, pathOf } from '../exchange/raw-exchange.adapter.js';
import { signatureInvalid } from './webhook.errors.js';
import { twilioFormOf } from './webhook-body.decorator.js';
import { WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.token.js';

/**
 * Twilio's webhooks are authenticated by `X-Twilio-Signature`, an HMAC-SHA1 (checked with the SDK) of
 * the public URL Twilio posted to (PUBLIC_API_URL plus the path and query) and the form; a missing or
 * forged signature gets 403 and is logged.
 */
@Injectable()
export class TwilioSignatureGuard implements CanActivate {
  constructor(
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const signature = headerOf(req, 'x-twilio-signature');
    // Fastify's `url` is the path and query as the request line sent them.
    const url = `${this.settings.publicApiUrl}${req.url}`;
    if (signature && twilio.validateRequest(this.settings.twilioAuthToken, signature, url, twilioFormOf(req)))
      return true;
    this.logger.warn(
      { path: pathOf(req), ip: req.ip, signed: Boolean(signature) },
      'Twilio webhook refused: missing or forged signature',
    );
    throw signatureInvalid(403);
  }
}
