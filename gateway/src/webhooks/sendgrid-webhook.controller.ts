import { type Envelope, sendgridEventsWebhook } from '@multimfa/api-contract';
import type { DeliveryReportAccepted } from '@multimfa/service-contracts/messaging';
import { ok } from '@multimfa/service-runtime';
import { Controller, HttpCode, Inject, UseGuards } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { SendGridSignatureGuard } from './sendgrid-signature.guard.js';
import { WebhookBody } from './webhook-body.decorator.js';
import { WebhooksService } from './webhooks.service.js';

/** SendGrid's event webhook, signed (SendGridSignatureGuard): events about our e-mails become delivery reports. */
@Controller()
@UseGuards(SendGridSignatureGuard)
export class SendGridWebhookController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Serves(sendgridEventsWebhook)
  @HttpCode(200)
  async events(@WebhookBody() body: Buffer): Promise<Envelope<DeliveryReportAccepted>> {
    return ok(await this.webhooks.reportSendGridEvents(body), 'Events received');
  }
}
