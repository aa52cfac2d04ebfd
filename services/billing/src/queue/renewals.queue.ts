import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobName,
  overageJobId,
  QueueName,
  RENEWAL_JOB_OPTIONS,
  RENEWAL_SWEEP_EVERY_MS,
  RENEWAL_SWEEP_SCHEDULER_ID,
  type RenewSubscriptionJob,
  renewalJobId,
  type SettleOverageJob,
} from './queues.constants.js';

/** Puts renewals (and overage invoices) on their queue; the only place that knows the queue library's producer side. */
export abstract class RenewalsQueue {
  /** Idempotent: the job's id is the subscription's and the period's, so asking twice queues it once. */
  abstract enqueue(jobs: RenewSubscriptionJob[]): Promise<void>;
  /** Idempotent: the job's id is the subscription's and the usage period's. */
  abstract enqueueOverage(jobs: SettleOverageJob[]): Promise<void>;
  /** Makes sure the sweep runs every minute (the same scheduler, whichever replica asks). */
  abstract scheduleSweep(): Promise<void>;
}

export class BullRenewalsQueue extends RenewalsQueue implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    super();
    this.queue = new Queue(QueueName.Renewals, { connection, prefix });
    // Redis going away is waited out (the connection retries); said once per error, not thrown.
    this.queue.on('error', (error) => logger.warn({ err: error }, 'renewals queue: Redis error'));
  }

  async enqueue(jobs: RenewSubscriptionJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: JobName.RenewSubscription,
        data: job,
        opts: { ...RENEWAL_JOB_OPTIONS, jobId: renewalJobId(job) },
      })),
    );
  }

  async enqueueOverage(jobs: SettleOverageJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: JobName.SettleOverage,
        data: job,
        opts: { ...RENEWAL_JOB_OPTIONS, jobId: overageJobId(job) },
      })),
    );
  }

  async scheduleSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      RENEWAL_SWEEP_SCHEDULER_ID,
      { every: RENEWAL_SWEEP_EVERY_MS },
      { name: JobName.SweepRenewals, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
