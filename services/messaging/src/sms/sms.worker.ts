import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { PROVIDER_BACKOFF } from '../providers/providers.module.js';
import { LOST_WORK_SWEEP_MS, QueueWorker } from '../queue/queue.worker.js';
import { QueueName, type SendSmsJob } from '../queue/queues.constants.js';
import { InvitationSmsService } from './invitation-sms.service.js';

/** Works the queue of the product's own SMS (invitations); the lifecycle is `QueueWorker`'s. */
@Injectable()
export class SmsWorker extends QueueWorker<SendSmsJob> {
  constructor(
    @Inject(InvitationSmsService) private readonly invitations: InvitationSmsService,
    @Inject(QUEUE_CONNECTION) connection: Redis,
    @Inject(QUEUE_PREFIX) prefix: string,
    @Inject(PROVIDER_BACKOFF) backoff: WorkerOptions['settings'],
    @Inject(LOGGER) logger: Logger,
    @Inject(LOST_WORK_SWEEP_MS) lostAfterMs: number,
  ) {
    super(
      { queue: QueueName.Sms, concurrency: 4, noun: 'SMS', nouns: 'SMS', settings: backoff, lostAfterMs },
      connection,
      prefix,
      logger,
    );
  }

  protected override work(job: SendSmsJob, attempt: number): Promise<void> {
    return this.invitations.deliver(job.smsId, attempt);
  }

  protected override giveUp(job: SendSmsJob): Promise<void> {
    return this.invitations.markFailed(job.smsId);
  }

  protected override requeueLost(olderThanMs: number): Promise<number> {
    return this.invitations.requeueLost(olderThanMs);
  }

  protected override row(job: SendSmsJob) {
    return { smsId: job.smsId };
  }
}
