import { twilioInboundSmsWebhook, twilioStatusWebhook } from '@multimfa/api-contract';
import { Controller, HttpCode, Inject, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';
import { TwilioSignatureGuard } from './twilio-signature.guard.js';
import { TwimlAnswer } from './twiml-answer.interceptor.js';
import { SignedTwilioForm, type TwilioForm } from './webhook-body.decorator.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Twilio's webhooks: an inbound text, and the status callbacks of the SMS forwards, each signed
 * (TwilioSignatureGuard). No session, no XSRF token. The answer, once messaging has the text or the
 * report, is an empty TwiML `<Response/>`.
 */
@Controller()
@UseGuards(TwilioSignatureGuard)
@UseInterceptors(TwimlAnswer)
export class TwilioWebhookController {
  constructor(@Inject(WebhooksService) private readonly webhooks: WebhooksService) {}

  @Serves(twilioInboundSmsWebhook)
  @HttpCode(200)
  inboundSms(@SignedTwilioForm() form: TwilioForm): Promise<void> {
    return this.webhooks.receiveSms(form);
  }

  @Serves(twilioStatusWebhook)
  @HttpCode(200)
  status(@SignedTwilioForm() form: TwilioForm, @Query('forwardId') forwardId: unknown): Promise<void> {
    return this.webhooks.reportTwilioStatus(form, forwardId);
  }
}
