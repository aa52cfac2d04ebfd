/** Every BullMQ queue and job of the billing service, in one place. */
export enum QueueName {
  Renewals = 'billing.renewals',
}

export enum JobName {
  /** Repeated every minute: finds the subscriptions whose payment date has come and queues their renewal. */
  SweepRenewals = 'sweep-renewals',
  RenewSubscription = 'renew-subscription',
  /** The overage invoice of a period that ended without a renewal to carry it (charged off-session). */
  SettleOverage = 'settle-overage',
}

/** A subscription to renew (or let expire) at the end of the period that ends at `periodEnd`. */
export interface RenewSubscriptionJob {
  subscriptionId: string;
  /** ISO date: the subscription's next payment date when the sweep found it due. */
  periodEnd: string;
  correlationId: string;
}

/** One job per subscription and period: two replicas sweeping at once queue it once. */
export const renewalJobId = (job: Pick<RenewSubscriptionJob, 'subscriptionId' | 'periodEnd'>) =>
  `renewal-${job.subscriptionId}-${Date.parse(job.periodEnd)}`;

/** A period's texts over the allowance to invoice and charge on their own. */
export interface SettleOverageJob {
  subscriptionId: string;
  /** ISO date: the start of the usage period. */
  periodStart: string;
  correlationId: string;
}

/** One job per subscription and usage period: two replicas sweeping at once queue it once. */
export const overageJobId = (job: Pick<SettleOverageJob, 'subscriptionId' | 'periodStart'>) =>
  `overage-${job.subscriptionId}-${Date.parse(job.periodStart)}`;

/** The id of the repeatable sweep: every replica upserts the same scheduler. */
export const RENEWAL_SWEEP_SCHEDULER_ID = 'renewal-sweep';
export const RENEWAL_SWEEP_EVERY_MS = 60_000;

/** Retries with backoff (a network failure towards Stripe): 5 s, 10 s, 20 s … about 40 minutes in all. */
export const RENEWAL_JOB_OPTIONS = {
  attempts: 9,
  backoff: { type: 'exponential', delay: 5000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;
