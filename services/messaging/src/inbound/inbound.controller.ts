import {
  type DeliveryReportAccepted,
  type DeliveryReportRequest,
  deliveryReportRequest,
  type InboundSmsAccepted,
  type InboundSmsRequest,
  inboundSmsRequest,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ForwardingService } from '../forwarding/forwarding.service.js';
import { InboundService } from './inbound.service.js';

/** Texts and delivery reports from the providers, for the gateway (which checked their signatures). */
@Controller()
export class InboundController {
  constructor(
    @Inject(InboundService) private readonly inbound: InboundService,
    @Inject(ForwardingService) private readonly forwarding: ForwardingService,
  ) {}

  @Post('inbound-messages')
  @HttpCode(200)
  receive(@Body(new ZodPipe(inboundSmsRequest)) body: InboundSmsRequest): Promise<InboundSmsAccepted> {
    return this.inbound.receive(body);
  }

  @Post('delivery-reports')
  @HttpCode(200)
  report(
    @Body(new ZodPipe(deliveryReportRequest)) body: DeliveryReportRequest,
  ): Promise<DeliveryReportAccepted> {
    return this.forwarding.applyReports(body);
  }
}
