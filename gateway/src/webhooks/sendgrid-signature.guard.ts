import { verify } from 'node:crypto';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { headerOf, pathOf } from '../exchange/raw-exchange.adapter.js';
import { signatureExpired, signatureInvalid } from './webhook.errors.js';
import { webhookBodyOf } from './webhook-body.decorator.js';
import { WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.token.js';

/** A signed batch is taken this long after (or before) the time it was signed at, and no longer. */
export const SENDGRID_TIMESTAMP_TOLERANCE_SECONDS = 10 * 60;

/**
 * SendGrid's signed event webhook: ECDSA P-256 / SHA-256 over the timestamp followed by the raw body,
 * the signature base64 DER; a missing or forged signature gets 403 and is logged. A batch signed more
 * than ten minutes away from now (a replay of an old one) gets 403 too, and is logged.
 */
@Injectable()
export class SendGridSignatureGuard implements CanActivate {
  constructor(
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const timestamp = headerOf(req, 'x-twilio-email-event-webhook-timestamp');
    const valid = this.valid(
      headerOf(req, 'x-twilio-email-event-webhook-signature'),
      timestamp,
      webhookBodyOf(req),
    );
    if (!valid) {
      this.logger.warn(
        { path: pathOf(req), ip: req.ip },
        'SendGrid events refused: missing or forged signature',
      );
      throw signatureInvalid(403);
    }
    if (!this.recent(Number(timestamp))) {
      this.logger.warn(
        { path: pathOf(req), ip: req.ip, timestamp },
        'SendGrid events refused: signed too long ago',
      );
      throw signatureExpired();
    }
    return true;
  }

  /** Signed within the tolerance of now, either way (seconds since the epoch). */
  private recent(signedAtSeconds: number): boolean {
    const skew = Math.abs(this.clock.now().getTime() / 1000 - signedAtSeconds);
    return skew <= SENDGRID_TIMESTAMP_TOLERANCE_SECONDS;
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
