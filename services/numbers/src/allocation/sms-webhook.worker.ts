import {
  Clock,
  LOGGER,
  type Logger,
  QUEUE_CONNECTION,
  QUEUE_PREFIX,
  withCorrelationId,
} from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { LOST_WORK_SWEEP_MS, type PointSmsWebhookJob, QueueName } from '../queue/queues.constants.js';
import { SmsWebhookQueue } from '../queue/sms-webhook.queue.js';
import { PhoneNumberProvider } from '../twilio/phone-number-provider.port.js';
import { AllocationRepository } from './allocation.repository.js';

/** `<PUBLIC_API_URL>/api/webhooks/twilio/sms`: where every assigned number's texts are POSTed. */
export const SMS_WEBHOOK_URL = Symbol('SMS_WEBHOOK_URL');

/**
 * Works the webhook queue: points each newly assigned number's SmsUrl at the product through
 * Twilio's IncomingPhoneNumbers API (the same update twice is harmless) and records it on the MFA.
 * Every replica runs one; BullMQ gives each job to one of them and retries a failed one with backoff.
 * Once a minute (LOST_WORK_SWEEP_SECONDS), assignments still not pointed after a minute (their job
 * lost with Redis, or failed for good) are queued again: the record in PostgreSQL, not the queue, says
 * what is left to do.
 */
@Injectable()
export class SmsWebhookWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<PointSmsWebhookJob> | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(PhoneNumberProvider) private readonly provider: PhoneNumberProvider,
    @Inject(AllocationRepository) private readonly allocation: AllocationRepository,
    @Inject(SmsWebhookQueue) private readonly queue: SmsWebhookQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SMS_WEBHOOK_URL) private readonly smsUrl: string,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(LOST_WORK_SWEEP_MS) private readonly lostAfterMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<PointSmsWebhookJob>(
      QueueName.SmsWebhook,
      (job) =>
        withCorrelationId(job.data.correlationId, async () => {
          await this.provider.pointSmsWebhook(job.data.sid, this.smsUrl);
          await this.allocation.markSmsWebhookPointed(job.data.mfaId, job.data.phoneNumberId);
          this.logger.info(
            { phoneNumberId: job.data.phoneNumberId, mfaId: job.data.mfaId },
            'SMS webhook of the number pointed at the product',
          );
        }),
      { connection: this.connection, prefix: this.prefix, concurrency: 4 },
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const last = job.attemptsMade >= (job.opts.attempts ?? 1);
      this.logger[last ? 'error' : 'warn'](
        { err: error, jobId: job.id, phoneNumberId: job.data.phoneNumberId },
        last ? 'SMS webhook of the number not set; given up' : 'SMS webhook update failed; BullMQ will retry',
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'SMS webhook worker error'));
    this.sweepTimer = setInterval(() => {
      this.requeueUnpointed().catch((error) =>
        this.logger.warn({ err: error }, 'looking for numbers whose SMS webhook is not pointed failed'),
      );
    }, this.lostAfterMs);
    this.sweepTimer.unref();
  }

  /** Queues again the assignments not pointed `lostAfterMs` after they were made; how many. */
  async requeueUnpointed(): Promise<number> {
    const lost = await this.allocation.unpointedAssignments(
      new Date(this.clock.now().getTime() - this.lostAfterMs),
      500,
    );
    for (const assignment of lost) {
      await this.queue.enqueue({ ...assignment, correlationId: `sms-webhook-sweep-${assignment.mfaId}` });
    }
    if (lost.length) this.logger.warn({ count: lost.length }, 'queued again SMS webhooks not pointed yet');
    return lost.length;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.worker?.close();
  }
}
