import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobName,
  LOST_WORK_SWEEP_MS,
  NUMBER_HOLDING_SWEEP_EVERY_MS,
  NUMBER_HOLDING_SWEEP_SCHEDULER_ID,
  QueueName,
} from '../queue/queues.constants.js';
import { NumberHoldingService } from './number-holding.service.js';

/**
 * Runs the sweep of held numbers every five minutes (a BullMQ job scheduler: one run per tick, whichever
 * replica takes it). A sweep rather than one delayed job per number: nothing is lost with a lost job,
 * since each run reads the dates from the database. The scheduler is registered again every minute
 * (LOST_WORK_SWEEP_SECONDS) and
 * whenever the Redis connection is (re-)established (an idempotent upsert), so a Redis that lost it
 * (restarted without persistence, flushed) gets it back without a restart of numbers: a restarted one
 * at once, a flushed one within the minute.
 */
@Injectable()
export class NumberHoldingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private scheduling: NodeJS.Timeout | undefined;

  constructor(
    @Inject(NumberHoldingService) private readonly holding: NumberHoldingService,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LOST_WORK_SWEEP_MS) private readonly scheduleAgainEveryMs: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.queue = new Queue(QueueName.NumberHolding, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'number-holding queue: Redis error'));
    await this.schedule(this.queue);
    this.scheduling = setInterval(this.scheduleAgain, this.scheduleAgainEveryMs);
    this.scheduling.unref();
    this.connection.on('ready', this.scheduleAgain);
    this.worker = new Worker(QueueName.NumberHolding, () => this.holding.sweep(), {
      connection: this.connection,
      prefix: this.prefix,
    });
    this.worker.on('failed', (_job, error) =>
      this.logger.warn({ err: error }, 'sweep of held numbers failed'),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'number holding worker error'));
  }

  private readonly scheduleAgain = () => {
    if (this.queue)
      this.schedule(this.queue).catch((error) =>
        this.logger.warn({ err: error }, 'registering the sweep of held numbers failed'),
      );
  };

  private async schedule(queue: Queue): Promise<void> {
    await queue.upsertJobScheduler(
      NUMBER_HOLDING_SWEEP_SCHEDULER_ID,
      { every: NUMBER_HOLDING_SWEEP_EVERY_MS },
      { name: JobName.SweepHeldNumbers, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.scheduling);
    this.connection.off('ready', this.scheduleAgain);
    await this.worker?.close();
    await this.queue?.close();
  }
}
