import { stripeWebhookAnswer } from '@multimfa/service-contracts/billing';
import {
  type DeliveryReportAccepted,
  type DeliveryReportRequest,
  deliveryReportAccepted,
  inboundSmsAccepted,
  reportedMove,
} from '@multimfa/service-contracts/messaging';
import { LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { BILLING, MESSAGING } from '../upstream/upstream.module.js';
import { sendGridReportsOf } from './sendgrid-webhook.mapper.js';
import { stripeWebhookRequestOf } from './stripe-webhook.mapper.js';
import { inboundSmsOf, twilioStatusReportOf } from './twilio-webhook.mapper.js';
import { inboundSmsInvalid } from './webhook.errors.js';
import type { TwilioForm } from './webhook-body.decorator.js';

type DeliveryReport = DeliveryReportRequest['reports'][number];

/** The most reports messaging takes in one request (`deliveryReportRequest`). */
const REPORTS_PER_REQUEST = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a provider's report names one of our forwards (the others are not messaging's to hear). */
const namesForward: Record<DeliveryReport['provider'], (report: DeliveryReport) => boolean> = {
  // By the `?forwardId=` of the status callback URL messaging gave Twilio, with the status it reached.
  twilio: ({ forwardId, event }) => /^[0-9a-f-]{36}$/i.test(forwardId) && event !== '',
  // SendGrid reports on every e-mail of the account; ours carry their id as the `emailId` argument.
  sendgrid: ({ forwardId, event }) => UUID.test(forwardId) && event.length <= 40,
};

/**
 * Hands the providers' signed webhooks on, mapped to the internal requests: texts and delivery reports
 * to messaging, Stripe's deliveries to billing.
 */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(MESSAGING) private readonly messaging: ServiceClient,
    @Inject(BILLING) private readonly billing: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A text Twilio received, stored by messaging (once per MessageSid) before Twilio is answered. */
  async receiveSms(form: TwilioForm): Promise<void> {
    const sms = inboundSmsOf(form);
    if (!sms.success) {
      this.logger.warn({ issues: sms.error.issues }, 'a signed Twilio text without the fields of one');
      throw inboundSmsInvalid();
    }
    await this.messaging.post('/inbound-messages', inboundSmsAccepted, sms.data);
  }

  /** Twilio's status callback of one forwarded SMS (`forwardId`: the callback URL's query). */
  async reportTwilioStatus(form: TwilioForm, forwardId: unknown): Promise<void> {
    await this.report([twilioStatusReportOf(form, forwardId)]);
  }

  /** SendGrid's batch of events (up to 768 KB: more than one report request may take). */
  reportSendGridEvents(body: Buffer): Promise<DeliveryReportAccepted> {
    return this.report(sendGridReportsOf(body));
  }

  /** A Stripe delivery, unparsed: billing verifies its signature over the exact bytes and applies it. */
  forwardStripe(body: Buffer, signature: string): Promise<{ received: true }> {
    return this.billing.post(
      '/webhooks/stripe',
      stripeWebhookAnswer,
      stripeWebhookRequestOf(body, signature),
    );
  }

  /**
   * The reports that name one of our forwards and can move it, in requests of at most
   * REPORTS_PER_REQUEST: a report that cannot change a forward (Twilio's `queued`, SendGrid's
   * `processed`: every forward starts queued) costs no request.
   */
  private async report(reports: DeliveryReport[]): Promise<DeliveryReportAccepted> {
    const named = reports.filter(
      (report) => namesForward[report.provider](report) && reportedMove(report.event) !== undefined,
    );
    let applied = 0;
    for (let start = 0; start < named.length; start += REPORTS_PER_REQUEST) {
      const batch = named.slice(start, start + REPORTS_PER_REQUEST);
      applied += (await this.messaging.post('/delivery-reports', deliveryReportAccepted, { reports: batch }))
        .applied;
    }
    return { applied };
  }
}
