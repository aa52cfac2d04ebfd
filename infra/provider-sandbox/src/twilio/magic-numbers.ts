import { type TwilioApiError, twilioErrors } from './twilio-error.js';

/**
 * Recipients with a fixed fate, modelled on Twilio's test numbers (+1 500 555 xxxx). Every other valid
 * number receives the message: queued → sent → delivered.
 */
export type RecipientFate =
  | { kind: 'reject'; error: (to: string) => TwilioApiError }
  | { kind: 'fail'; status: 'failed' | 'undelivered'; errorCode: number; errorMessage: string };

export const MAGIC_RECIPIENTS: Readonly<Record<string, RecipientFate & { description: string }>> = {
  '+15005550001': {
    kind: 'reject',
    error: twilioErrors.invalidTo,
    description: "Refused at once: 21211 invalid 'To'",
  },
  '+15005550004': {
    kind: 'reject',
    error: twilioErrors.unsubscribed,
    description: 'Refused at once: 21610 unsubscribed recipient (replied STOP)',
  },
  '+15005550009': {
    kind: 'reject',
    error: twilioErrors.notMobile,
    description: 'Refused at once: 21614 not a mobile number',
  },
  '+15005550007': {
    kind: 'fail',
    status: 'undelivered',
    errorCode: 30003,
    errorMessage: 'Unreachable destination handset',
    description: 'Accepted, then queued → sent → undelivered (30003 unreachable handset)',
  },
  '+15005550008': {
    kind: 'fail',
    status: 'failed',
    errorCode: 30008,
    errorMessage: 'Unknown error',
    description: 'Accepted, then queued → failed (30008 unknown error)',
  },
};
