import { twilioInboundSms } from '@multimfa/api-contract';
import type { DeliveryReportRequest, InboundSmsRequest } from '@multimfa/service-contracts/messaging';
import type { TwilioForm } from './webhook-body.decorator.js';

const inboundSms = twilioInboundSms.transform(
  (form): InboundSmsRequest => ({
    messageSid: form.MessageSid,
    from: form.From,
    to: form.To,
    body: form.Body,
  }),
);

/** The text in Twilio's form, validated by the contract's schema, as messaging takes it. */
export const inboundSmsOf = (form: TwilioForm) => inboundSms.safeParse(form);

/**
 * A status callback of one forwarded SMS: the forward's id is in the callback URL messaging gave Twilio
 * (`?forwardId=`), the status in the form ('' for what is missing).
 */
export function twilioStatusReportOf(
  form: TwilioForm,
  forwardId: unknown,
): DeliveryReportRequest['reports'][number] {
  return {
    provider: 'twilio',
    forwardId: typeof forwardId === 'string' ? forwardId : '',
    event: form.MessageStatus ?? '',
  };
}
