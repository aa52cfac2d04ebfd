/** Every BullMQ queue and job of the messaging service, in one place. */
export enum QueueName {
  Email = 'messaging.email',
}

export enum JobName {
  SendEmail = 'send-email',
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
