import { LOGGER, type Logger, withCorrelationId } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QueueName, type SendEmailJob } from '../queue/queues.js';
import { EmailsService } from './emails.service.js';

export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');
export const QUEUE_PREFIX = Symbol('QUEUE_PREFIX');

/** Works the e-mail queue: every replica runs one; BullMQ gives each job to one of them. */
@Injectable()
export class EmailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<SendEmailJob> | undefined;

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
        withCorrelationId(`email-${job.data.emailId}`, () =>
          this.emails.deliver(job.data, job.attemptsMade + 1),
        ),
      { connection: this.connection, prefix: this.prefix, concurrency: 8 },
    );
    this.worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.emails.markFailed(job.data.emailId);
      else this.logger.debug({ err: error, jobId: job?.id }, 'e-mail job failed; BullMQ will retry');
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'e-mail worker error'));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
