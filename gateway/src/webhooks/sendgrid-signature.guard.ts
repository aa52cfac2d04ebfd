import { verify } from 'node:crypto';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { signatureInvalid } from './webhook.errors.js';
import { webhookBodyOf } from './webhook-body.decorator.js';
import { WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.token.js';

/**
 * SendGrid's signed event webhook: ECDSA P-256 / SHA-256 over the timestamp followed by the raw body,
 * the signature base64 DER; a missing or forged signature gets 403 and is logged.
 */
@Injectable()
export class SendGridSignatureGuard implements CanActivate {
  constructor(
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const valid = this.valid(
      req.header('x-twilio-email-event-webhook-signature'),
      req.header('x-twilio-email-event-webhook-timestamp'),
      webhookBodyOf(req),
    );
    if (valid) return true;
    this.logger.warn({ path: req.path, ip: req.ip }, 'SendGrid events refused: missing or forged signature');
    throw signatureInvalid(403);
  }

  private valid(signature: string | undefined, timestamp: string | undefined, body: Buffer): boolean {
    const key = this.settings.sendgridPublicKey;
    if (!key || !signature || !timestamp) return false;
    try {
      return verify(
        'sha256',
        Buffer.concat([Buffer.from(timestamp, 'utf8'), body]),
        key,
        Buffer.from(signature, 'base64'),
      );
    } catch {
      return false;
    }
  }
}
