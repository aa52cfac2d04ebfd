import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobName,
  QueueName,
  RETENTION_SWEEP_EVERY_MS,
  RETENTION_SWEEP_SCHEDULER_ID,
} from '../queue/queues.constants.js';
import { RetentionService } from './retention.service.js';

const SCHEDULE_AGAIN_EVERY_MS = 60_000;

/**
 * Runs the retention sweep every 15 minutes: a BullMQ job scheduler with one id, which every replica
 * upserts, so each tick is one job that one replica runs. Each run reads the dates from the
 * database, so a lost tick loses nothing. The scheduler is upserted again every minute and when
 * Redis reconnects, so a Redis that lost it gets it back without a restart.
 */
@Injectable()
export class RetentionWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private scheduling: NodeJS.Timeout | undefined;

  constructor(
    @Inject(RetentionService) private readonly retention: RetentionService,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const options = { connection: this.connection, prefix: this.prefix };
    this.queue = new Queue(QueueName.Retention, options);
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'retention queue: Redis error'));
    await this.upsertSchedule();
    this.scheduling = setInterval(this.scheduleAgain, SCHEDULE_AGAIN_EVERY_MS);
    this.scheduling.unref();
    this.connection.on('ready', this.scheduleAgain);
    this.worker = new Worker(QueueName.Retention, () => this.retention.sweep(), options);
    this.worker.on('failed', (_job, error) => this.logger.warn({ err: error }, 'retention sweep failed'));
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'retention worker error'));
  }

  private readonly scheduleAgain = () => {
    this.upsertSchedule().catch((error) =>
      this.logger.warn({ err: error }, 'registering the retention sweep failed'),
    );
  };

  private async upsertSchedule(): Promise<void> {
    await this.queue?.upsertJobScheduler(
      RETENTION_SWEEP_SCHEDULER_ID,
      { every: RETENTION_SWEEP_EVERY_MS },
      { name: JobName.SweepRetention, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.scheduling);
    this.connection.off('ready', this.scheduleAgain);
    await this.worker?.close();
    await this.queue?.close();
  }
}
