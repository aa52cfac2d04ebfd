import { type Envelope, sendgridEventsWebhook } from '@multimfa/api-contract';
import type { DeliveryReportRequest } from '@multimfa/service-contracts/messaging';
import { LOGGER, type Logger, ok } from '@multimfa/service-runtime';
import { Controller, HttpCode, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Serves } from '../access/serves.decorator.js';
import { forgedSignature } from './twilio-webhook.controller.js';
import { SendGridSignature } from './webhook-signatures.js';
import { WebhooksService } from './webhooks.service.js';

/** The most reports messaging takes in one request (`deliveryReportRequest`). */
const REPORTS_PER_REQUEST = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * SendGrid's event webhook: ECDSA-signed over the timestamp and the raw body (403 when the signature
 * is missing or forged, logged). Events naming one of our e-mails (`emailId`) become delivery reports.
 */
@Controller()
export class SendGridWebhookController {
  constructor(
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(SendGridSignature) private readonly signature: SendGridSignature,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Serves(sendgridEventsWebhook)
  @HttpCode(200)
  async events(@Req() req: Request): Promise<Envelope<{ applied: number }>> {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const valid = this.signature.valid(
      req.header('x-twilio-email-event-webhook-signature'),
      req.header('x-twilio-email-event-webhook-timestamp'),
      body,
    );
    if (!valid) {
      this.logger.warn(
        { path: req.path, ip: req.ip },
        'SendGrid events refused: missing or forged signature',
      );
      throw forgedSignature();
    }
    let events: unknown;
    try {
      events = JSON.parse(body.toString('utf8'));
    } catch {
      events = [];
    }
    const reports: DeliveryReportRequest['reports'] = (Array.isArray(events) ? events : [])
      .filter(
        (event): event is { emailId: string; event: string } =>
          typeof event?.emailId === 'string' &&
          UUID.test(event.emailId) &&
          typeof event?.event === 'string' &&
          event.event.length <= 40,
      )
      .map((event) => ({ provider: 'sendgrid', forwardId: event.emailId, event: event.event }));
    // A batch (up to 768 KB at SendGrid) can hold more events than one report request takes.
    let applied = 0;
    for (let start = 0; start < reports.length; start += REPORTS_PER_REQUEST)
      applied += (await this.webhooks.report({ reports: reports.slice(start, start + REPORTS_PER_REQUEST) }))
        .applied;
    return ok({ applied }, 'Events received');
  }
}
