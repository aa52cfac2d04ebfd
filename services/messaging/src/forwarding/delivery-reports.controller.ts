import {
  type DeliveryReportAccepted,
  type DeliveryReportRequest,
  deliveryReportRequest,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ForwardingService } from './forwarding.service.js';

/** The providers' delivery reports of forwards, for the gateway (which checked their signatures). */
@Controller('delivery-reports')
export class DeliveryReportsController {
  constructor(@Inject(ForwardingService) private readonly forwarding: ForwardingService) {}

  @Post()
  @HttpCode(200)
  report(
    @Body(new ZodPipe(deliveryReportRequest)) body: DeliveryReportRequest,
  ): Promise<DeliveryReportAccepted> {
    return this.forwarding.applyReports(body);
  }
}
