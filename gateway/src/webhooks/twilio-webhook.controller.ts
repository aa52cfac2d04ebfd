import { twilioInboundSmsWebhook, twilioStatusWebhook } from '@multimfa/api-contract';
import { inboundSmsRequest } from '@multimfa/service-contracts/messaging';
import { DomainError, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Controller, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Serves } from '../access/serves.decorator.js';
import { WEBHOOK_SETTINGS, type WebhookSettings } from './webhook-settings.js';
import { TwilioSignature } from './webhook-signatures.js';
import { WebhooksService } from './webhooks.service.js';

/** The empty TwiML answer: Twilio sends no reply text. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** The TwiML answer, typed as XML on success only: a refusal keeps the JSON error shape and its type. */
function twiml(res: Response): string {
  res.type('text/xml; charset=utf-8');
  return EMPTY_TWIML;
}

/** The form Twilio posted, as the flat map its signature covers (the last value of a repeated field). */
function formOf(body: unknown): Record<string, string> {
  const text = Buffer.isBuffer(body) ? body.toString('utf8') : '';
  return Object.fromEntries(new URLSearchParams(text));
}

export const forgedSignature = () =>
  new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid', 403);

/**
 * Twilio's webhooks: an inbound text, and the status callbacks of the SMS forwards. Each is
 * authenticated by `X-Twilio-Signature` over the public URL Twilio posted to (`PUBLIC_API_URL` plus the
 * path and query) and the form; a missing or forged signature gets 403 and is logged. No session, no
 * XSRF token. The text is stored by messaging before the answer, an empty TwiML `<Response/>`.
 */
@Controller()
export class TwilioWebhookController {
  constructor(
    @Inject(WebhooksService) private readonly webhooks: WebhooksService,
    @Inject(TwilioSignature) private readonly signature: TwilioSignature,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Serves(twilioInboundSmsWebhook)
  @HttpCode(200)
  async inboundSms(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const form = this.authenticated(req);
    const sms = inboundSmsRequest.safeParse({
      messageSid: form.MessageSid,
      from: form.From,
      to: form.To,
      body: form.Body ?? '',
    });
    if (!sms.success) {
      this.logger.warn({ issues: sms.error.issues }, 'a signed Twilio text without the fields of one');
      throw new DomainError('WEBHOOK_INVALID', 'The webhook is missing MessageSid, From, To or Body', 400);
    }
    await this.webhooks.receiveSms(sms.data);
    return twiml(res);
  }

  @Serves(twilioStatusWebhook)
  @HttpCode(200)
  async status(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    const form = this.authenticated(req);
    const forwardId = typeof req.query.forwardId === 'string' ? req.query.forwardId : undefined;
    const event = form.MessageStatus;
    if (forwardId && /^[0-9a-f-]{36}$/i.test(forwardId) && event) {
      await this.webhooks.report({ reports: [{ provider: 'twilio', forwardId, event }] });
    }
    return twiml(res);
  }

  private authenticated(req: Request): Record<string, string> {
    const form = formOf(req.body);
    const url = `${this.settings.publicApiUrl}${req.originalUrl}`;
    if (!this.signature.valid(req.header('x-twilio-signature'), url, form)) {
      this.logger.warn(
        { path: req.path, ip: req.ip, signed: Boolean(req.header('x-twilio-signature')) },
        'Twilio webhook refused: missing or forged signature',
      );
      throw forgedSignature();
    }
    return form;
  }
}
