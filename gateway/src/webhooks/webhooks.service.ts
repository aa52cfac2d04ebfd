import {
  type DeliveryReportRequest,
  deliveryReportAccepted,
  type InboundSmsRequest,
  inboundSmsAccepted,
} from '@multimfa/service-contracts/messaging';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service-client.js';
import { MESSAGING } from '../upstream/upstream.module.js';

/** Hands the providers' authenticated webhooks to messaging. */
@Injectable()
export class WebhooksService {
  constructor(@Inject(MESSAGING) private readonly messaging: ServiceClient) {}

  receiveSms(sms: InboundSmsRequest) {
    return this.messaging.post('/inbound-messages', inboundSmsAccepted, sms);
  }

  report(request: DeliveryReportRequest) {
    return this.messaging.post('/delivery-reports', deliveryReportAccepted, request);
  }
}
