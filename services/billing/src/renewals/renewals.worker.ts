import {
  LOGGER,
  type Logger,
  QUEUE_CONNECTION,
  QUEUE_PREFIX,
  withCorrelationId,
} from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobName,
  QueueName,
  type RenewSubscriptionJob,
  type SettleOverageJob,
} from '../queue/queues.constants.js';
import { RenewalsQueue } from '../queue/renewals.queue.js';
import { OverageService } from './overage.service.js';
import { RenewalsService } from './renewals.service.js';

const SCHEDULE_AGAIN_EVERY_MS = 60_000;

/**
 * Works the renewals queue on every replica: the repeatable sweep (every minute, one run per tick
 * whichever replica takes it) and the renewal and overage jobs it queues. A sweep rather than one delayed job per
 * subscription: nothing is lost when a job, Redis or a date change goes missing, since the next sweep
 * finds every subscription still due in the database. The sweep's scheduler is registered again every
 * minute and whenever the Redis connection is (re-)established (an idempotent upsert, and a scheduler
 * `every` runs at once), so a Redis that lost it (restarted without persistence, flushed) gets it back
 * without a restart of billing: a restarted one at once, a flushed one within the minute.
 */
@Injectable()
export class RenewalsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker | undefined;
  private scheduling: NodeJS.Timeout | undefined;

  constructor(
    @Inject(RenewalsService) private readonly renewals: RenewalsService,
    @Inject(RenewalsQueue) private readonly queue: RenewalsQueue,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(OverageService) private readonly overage: OverageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.scheduleSweep();
    this.worker = new Worker(QueueName.Renewals, (job: Job) => this.work(job), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: 2,
    });
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const last = job.attemptsMade >= (job.opts.attempts ?? 1);
      this.logger[last ? 'error' : 'warn'](
        { err: error, jobId: job.id },
        last ? 'renewal job failed; given up' : 'renewal job failed; BullMQ will retry',
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'renewals worker error'));
    this.scheduling = setInterval(this.scheduleAgain, SCHEDULE_AGAIN_EVERY_MS);
    this.scheduling.unref();
    this.connection.on('ready', this.scheduleAgain);
  }

  private readonly scheduleAgain = () => {
    this.queue
      .scheduleSweep()
      .catch((error) => this.logger.warn({ err: error }, 'registering the renewal sweep failed'));
  };

  private async work(job: Job): Promise<unknown> {
    if (job.name === JobName.SweepRenewals)
      return { renewals: await this.renewals.sweep(), overage: await this.overage.sweep() };
    if (job.name === JobName.SettleOverage) {
      const settle = job.data as SettleOverageJob;
      return withCorrelationId(settle.correlationId, () =>
        this.overage.settle(settle.subscriptionId, new Date(settle.periodStart)),
      );
    }
    const data = job.data as RenewSubscriptionJob;
    return withCorrelationId(data.correlationId, () =>
      this.renewals.renew(data.subscriptionId, new Date(data.periodEnd)),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.scheduling);
    this.connection.off('ready', this.scheduleAgain);
    await this.worker?.close();
  }
}
