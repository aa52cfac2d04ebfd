import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { Job, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { PROVIDER_BACKOFF } from '../providers/providers.module.js';
import { LOST_WORK_SWEEP_MS, QueueWorker } from '../queue/queue.worker.js';
import { QueueName, type SendEmailJob } from '../queue/queues.constants.js';
import { EmailsService } from './emails.service.js';

/** Works the e-mail queue; the lifecycle is `QueueWorker`'s. */
@Injectable()
export class EmailWorker extends QueueWorker<SendEmailJob> {
  constructor(
    @Inject(EmailsService) private readonly emails: EmailsService,
    @Inject(QUEUE_CONNECTION) connection: Redis,
    @Inject(QUEUE_PREFIX) prefix: string,
    @Inject(PROVIDER_BACKOFF) backoff: WorkerOptions['settings'],
    @Inject(LOGGER) logger: Logger,
    @Inject(LOST_WORK_SWEEP_MS) lostAfterMs: number,
  ) {
    super(
      {
        queue: QueueName.Email,
        concurrency: 8,
        noun: 'e-mail',
        nouns: 'e-mails',
        settings: backoff,
        lostAfterMs,
      },
      connection,
      prefix,
      logger,
    );
  }

  protected override work(job: SendEmailJob, attempt: number): Promise<void> {
    return this.emails.deliver(job.emailId, attempt);
  }

  protected override giveUp(job: SendEmailJob): Promise<void> {
    return this.emails.markFailed(job.emailId);
  }

  protected override requeueLost(olderThanMs: number): Promise<number> {
    return this.emails.requeueLost(olderThanMs);
  }

  protected override row(job: SendEmailJob) {
    return { emailId: job.emailId };
  }

  protected override retrying(job: Job<SendEmailJob>, error: Error): void {
    this.logger.debug({ err: error, jobId: job.id }, 'e-mail job failed; BullMQ will retry');
  }
}
