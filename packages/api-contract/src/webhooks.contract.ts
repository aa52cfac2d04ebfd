import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/**
 * Twilio's form of an inbound text, as it signs it (further fields are accepted and signed too): the
 * gateway validates the form with this schema and hands messaging the text it describes.
 */
export const twilioInboundSms = z
  .object({
    MessageSid: z
      .string()
      // Spelled without the `i` flag, which JSON Schema's `pattern` cannot carry: (SM|MM) and hex, any case.
      .regex(/^[SsMm][Mm][0-9a-fA-F]{32}$/, 'MessageSid must be a Twilio message SID')
      .describe("Twilio's id of the text; a redelivery carries the same one"),
    AccountSid: z.string().optional(),
    From: z.string().trim().min(1).max(64).describe('The sender: E.164 or an alphanumeric sender id'),
    To: z.string().trim().min(1).max(32).describe('Our number the text was sent to (E.164)'),
    Body: z.string().max(1600).default('').describe('The text (empty when Twilio sends none)'),
  })
  .loose()
  .meta({ id: 'TwilioInboundSms' });

const twilioMessageStatus = z
  .object({
    MessageSid: z.string(),
    MessageStatus: z.string().describe('queued, sent, delivered, undelivered, failed …'),
    ErrorCode: z.string().optional(),
  })
  .loose()
  .meta({ id: 'TwilioMessageStatus' });

const twiml = z.string().describe('An empty TwiML answer: `<Response/>`').meta({ id: 'TwiML' });

const sendgridEvents = z
  .array(
    z
      .object({
        event: z.string().describe('processed, deferred, delivered, bounce, dropped …'),
        sg_message_id: z.string().optional(),
        emailId: z.string().optional().describe('The custom argument naming our e-mail'),
      })
      .loose(),
  )
  .meta({ id: 'SendGridEvents' });

export const twilioInboundSmsWebhook = endpoint({
  operationId: 'twilioInboundSms',
  method: 'POST',
  path: '/api/webhooks/twilio/sms',
  summary:
    "Twilio's inbound SMS webhook: authenticated by `X-Twilio-Signature` over the public URL and the form (403 otherwise); stored once per MessageSid, then forwarded",
  tag: 'webhooks',
  access: 'public',
  body: twilioInboundSms,
  requestContentType: 'application/x-www-form-urlencoded',
  response: twiml,
  responseContentType: 'text/xml',
});

export const twilioStatusWebhook = endpoint({
  operationId: 'twilioMessageStatus',
  method: 'POST',
  path: '/api/webhooks/twilio/status',
  summary:
    "Twilio's status callback of a forwarded SMS (signed like the inbound webhook): the recipient's delivery status only moves forward",
  tag: 'webhooks',
  access: 'public',
  body: twilioMessageStatus,
  requestContentType: 'application/x-www-form-urlencoded',
  response: twiml,
  responseContentType: 'text/xml',
});

export const sendgridEventsWebhook = endpoint({
  operationId: 'sendgridEvents',
  method: 'POST',
  path: '/api/webhooks/sendgrid/events',
  summary:
    "SendGrid's signed event webhook (ECDSA over timestamp and body, 403 otherwise): delivery of forwarded e-mails",
  tag: 'webhooks',
  access: 'public',
  body: sendgridEvents,
  response: envelope(z.object({ applied: z.number().int().nonnegative() })),
});

export const webhookEndpoints = [twilioInboundSmsWebhook, twilioStatusWebhook, sendgridEventsWebhook];
