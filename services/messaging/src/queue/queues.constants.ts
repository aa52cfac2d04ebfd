/** Every BullMQ queue and job of the messaging service, in one place. */
export enum QueueName {
  Email = 'messaging.email',
  Forward = 'messaging.forward',
  Sms = 'messaging.sms',
}

export enum JobName {
  SendEmail = 'send-email',
  Forward = 'forward',
  SendSms = 'send-sms',
}

/**
 * The row to send (its id is also the job's id) and the correlation id of the request that caused
 * it. Never the content: a failed job is kept for a day and must not hold a code.
 */
export interface SendEmailJob {
  emailId: string;
  correlationId: string;
}

/** Retries with backoff: 1 s, 2 s, 4 s … about eight minutes in all before giving up. */
export const EMAIL_JOB_OPTIONS = {
  attempts: 9,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600, count: 1000 },
} as const;

/**
 * One forward to send: its row (the text stays in the database; a failed job must not hold a code)
 * and the correlation id of the webhook that brought the text.
 */
export interface ForwardJob {
  forwardId: string;
  correlationId: string;
}

/**
 * Retries with backoff (`retryDelayMs`: exponential from one second, never sooner than the provider's
 * rate-limit reset), about ten minutes in all before the forward is given up. A finished job is kept
 * for an hour so a redelivered text cannot queue its forward again.
 */
export const FORWARD_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'provider' },
  removeOnComplete: { age: 3600, count: 100_000 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
} as const;

/** An SMS of the product's own (an invitation) to send: its row, never its content. */
export interface SendSmsJob {
  smsId: string;
  correlationId: string;
}

/** As e-mails: 1 s, 2 s, 4 s … about eight minutes in all before giving up. */
export const SMS_JOB_OPTIONS = EMAIL_JOB_OPTIONS;
