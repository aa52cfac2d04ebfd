/** Every BullMQ queue and job of the numbers service, in one place. */
export enum QueueName {
  SmsWebhook = 'numbers.sms-webhook',
  NumberHolding = 'numbers.number-holding',
}

export enum JobName {
  PointSmsWebhook = 'point-sms-webhook',
  /** Repeated: moves reserved and quarantined numbers whose dates have passed. */
  SweepHeldNumbers = 'sweep-held-numbers',
}

/** A number just given to an MFA, whose texts must now reach the product's SMS webhook. */
export interface PointSmsWebhookJob {
  phoneNumberId: number;
  /** Twilio's IncomingPhoneNumber SID. */
  sid: string;
  mfaId: string;
  correlationId: string;
}

/** One job per assignment: the same assignment asked twice is queued once. */
export const smsWebhookJobId = (job: Pick<PointSmsWebhookJob, 'phoneNumberId' | 'mfaId'>) =>
  `sms-webhook-${job.phoneNumberId}-${job.mfaId}`;

/** Retries with backoff: 1 s, 2 s, 4 s … about eight minutes in all before giving up. */
export const SMS_WEBHOOK_JOB_OPTIONS = {
  attempts: 9,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600, count: 1000 },
} as const;

/** LOST_WORK_SWEEP_SECONDS in milliseconds: how old lost work is, and how often it is looked for. */
export const LOST_WORK_SWEEP_MS = Symbol('LOST_WORK_SWEEP_MS');

/** The id of the repeatable sweep of held numbers: every replica upserts the same scheduler. */
export const NUMBER_HOLDING_SWEEP_SCHEDULER_ID = 'number-holding-sweep';
export const NUMBER_HOLDING_SWEEP_EVERY_MS = 5 * 60_000;
