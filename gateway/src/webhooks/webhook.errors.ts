import { DomainError } from '@multimfa/service-runtime';

/** A webhook whose signature is missing or does not verify: 403 (Twilio, SendGrid), 400 (Stripe, as billing answers). */
export const signatureInvalid = (status: 400 | 403) =>
  new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is not valid', status);

/** A correctly signed webhook signed too long ago, or too far ahead (a replay): 403. */
export const signatureExpired = () =>
  new DomainError(
    'WEBHOOK_SIGNATURE_EXPIRED',
    'The webhook was signed too long ago; only batches signed within 10 minutes are taken',
    403,
  );

/** A signed Twilio text without the fields of one. */
export const inboundSmsInvalid = () =>
  new DomainError('WEBHOOK_INVALID', 'The webhook is missing MessageSid, From, To or Body', 400);
