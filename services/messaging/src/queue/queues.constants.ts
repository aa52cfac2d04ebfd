/** Every BullMQ queue and job of the messaging service, in one place. */
export enum QueueName {
  Email = 'messaging.email',
  Forward = 'messaging.forward',
  Sms = 'messaging.sms',
  Retention = 'messaging.retention',
  DestinationDelivery = 'messaging.destination-delivery',
}

export enum JobName {
  SendEmail = 'send-email',
  Forward = 'forward',
  SendSms = 'send-sms',
  /** Repeated: deletes the bodies and codes of texts past their MFA's retention. */
  SweepRetention = 'sweep-retention',
  DeliverToDestination = 'deliver-to-destination',
}

/**
 * The row to send (its id is also the job's id) and the correlation id of the request that caused
 * it. Never the content: a failed job is kept for a day and must not hold a code.
 */
export interface SendEmailJob {
  emailId: string;
  correlationId: string;
}

/**
 * How often a provider send is tried: with `retryDelayMs` (1 s, 2 s, 4 s … then every five minutes,
 * each within 20%), 24 attempts keep trying for at least 66 minutes and at most about 94, so an
 * outage of the provider (5xx, timeouts, a rotated key answering 401) shorter than an hour is waited
 * out.
 */
const PROVIDER_RETRIES = { attempts: 24, backoff: { type: 'provider' } } as const;

/** Retried as every provider send (`PROVIDER_RETRIES`), then given up. */
export const EMAIL_JOB_OPTIONS = {
  ...PROVIDER_RETRIES,
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
 * Retried as every provider send (`PROVIDER_RETRIES`, never sooner than the provider's rate-limit
 * reset), then given up. A finished job is kept for an hour so a redelivered text cannot queue its
 * forward again.
 */
export const FORWARD_JOB_OPTIONS = {
  ...PROVIDER_RETRIES,
  removeOnComplete: { age: 3600, count: 100_000 },
  removeOnFail: { age: 24 * 3600, count: 1000 },
} as const;

/** An SMS of the product's own (an invitation) to send: its row, never its content. */
export interface SendSmsJob {
  smsId: string;
  correlationId: string;
}

/** As e-mails. */
export const SMS_JOB_OPTIONS = EMAIL_JOB_OPTIONS;

/** The id of the repeatable retention sweep: every replica upserts the same scheduler, so one run per tick. */
export const RETENTION_SWEEP_SCHEDULER_ID = 'retention-sweep';
export const RETENTION_SWEEP_EVERY_MS = 15 * 60_000;

/**
 * One text to one destination (a Slack channel, a webhook): its delivery row, never the content. A
 * job of its own, so a slow or unreachable destination never holds up members' forwards.
 */
export interface DestinationDeliveryJob {
  deliveryId: string;
  correlationId: string;
}

/** Retried as forwards are (`PROVIDER_RETRIES`: for over an hour, never before a 429's reset). */
export const DESTINATION_DELIVERY_JOB_OPTIONS = FORWARD_JOB_OPTIONS;
