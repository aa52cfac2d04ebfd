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
import { QueueName, type SendSmsJob } from '../queue/queues.js';
import { InvitationSmsService } from './invitation-sms.service.js';

const REQUEUE_EVERY_MS = 60_000;

/**
 * Works the queue of the product's own SMS (invitations): every replica runs one. Once a minute, SMS
 * still queued whose job was lost (a process that died between commit and enqueue) are queued again.
 */
@Injectable()
export class SmsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<SendSmsJob> | undefined;
  private requeue: NodeJS.Timeout | undefined;

  constructor(
    @Inject(InvitationSmsService) private readonly invitations: InvitationSmsService,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<SendSmsJob>(
      QueueName.Sms,
      (job) =>
        withCorrelationId(job.data.correlationId, () =>
          this.invitations.deliver(job.data.smsId, job.attemptsMade + 1),
        ),
      { connection: this.connection, prefix: this.prefix, concurrency: 4 },
    );
    this.worker.on('failed', (job) => {
      if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
      withCorrelationId(job.data.correlationId, () =>
        this.invitations
          .markFailed(job.data.smsId)
          .catch((error) =>
            this.logger.error({ err: error, smsId: job.data.smsId }, 'could not mark the SMS failed'),
          ),
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'SMS worker error'));
    this.requeue = setInterval(() => {
      this.invitations
        .requeueLost()
        .then((count) => count && this.logger.warn({ count }, 'queued again SMS whose job was lost'))
        .catch((error) => this.logger.warn({ err: error }, 'looking for SMS whose job was lost failed'));
    }, REQUEUE_EVERY_MS);
    this.requeue.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.requeue);
    await this.worker?.close();
  }
}
