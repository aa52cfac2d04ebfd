import {
  LOGGER,
  type Logger,
  QUEUE_CONNECTION,
  QUEUE_PREFIX,
  withCorrelationId,
} from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QueueName, type SendEmailJob } from '../queue/queues.js';
import { EmailsService } from './emails.service.js';

const REQUEUE_EVERY_MS = 60_000;

/**
 * Works the e-mail queue: every replica runs one; BullMQ gives each job to one of them. Each job
 * runs under the correlation id of the request that caused it. Once a minute, e-mails still queued
 * whose job was lost (a process that died between commit and enqueue) are queued again.
 */
@Injectable()
export class EmailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<SendEmailJob> | undefined;
  private requeue: NodeJS.Timeout | undefined;

  constructor(
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<SendEmailJob>(
      QueueName.Email,
      (job) =>
        withCorrelationId(job.data.correlationId, () =>
          this.emails.deliver(job.data.emailId, job.attemptsMade + 1),
        ),
      { connection: this.connection, prefix: this.prefix, concurrency: 8 },
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      if (job.attemptsMade < (job.opts.attempts ?? 1)) {
        this.logger.debug({ err: error, jobId: job.id }, 'e-mail job failed; BullMQ will retry');
        return;
      }
      withCorrelationId(job.data.correlationId, () =>
        this.emails
          .markFailed(job.data.emailId)
          .catch((markError) =>
            this.logger.error(
              { err: markError, emailId: job.data.emailId },
              'could not mark the e-mail failed',
            ),
          ),
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'e-mail worker error'));
    this.requeue = setInterval(() => {
      this.emails
        .requeueLost()
        .then((count) => count && this.logger.warn({ count }, 'queued again e-mails whose job was lost'))
        .catch((error) => this.logger.warn({ err: error }, 'looking for e-mails whose job was lost failed'));
    }, REQUEUE_EVERY_MS);
    this.requeue.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.requeue);
    await this.worker?.close();
  }
}
