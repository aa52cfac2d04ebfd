import {
  type InboundSmsAccepted,
  type InboundSmsRequest,
  inboundSmsRequest,
} from '@multimfa/service-contracts/messaging';
import { ZodPipe } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { InboundService } from './inbound.service.js';

/** Texts Twilio delivered to our numbers, for the gateway (which checked their signatures). */
@Controller('inbound-messages')
export class InboundController {
  constructor(@Inject(InboundService) private readonly inbound: InboundService) {}

  @Post()
  @HttpCode(200)
  receive(@Body(new ZodPipe(inboundSmsRequest)) body: InboundSmsRequest): Promise<InboundSmsAccepted> {
    return this.inbound.receive(body);
  }
}
