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
import { type PointSmsWebhookJob, QueueName } from '../queue/queues.constants.js';
import { PhoneNumberProvider } from '../twilio/phone-number-provider.port.js';

/** `<PUBLIC_API_URL>/api/webhooks/twilio/sms`: where every assigned number's texts are POSTed. */
export const SMS_WEBHOOK_URL = Symbol('SMS_WEBHOOK_URL');

/**
 * Works the webhook queue: points each newly assigned number's SmsUrl at the product through
 * Twilio's IncomingPhoneNumbers API (the same update twice is harmless). Every replica runs one;
 * BullMQ gives each job to one of them and retries a failed one with backoff.
 */
@Injectable()
export class SmsWebhookWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<PointSmsWebhookJob> | undefined;

  constructor(
    @Inject(PhoneNumberProvider) private readonly provider: PhoneNumberProvider,
    @Inject(SMS_WEBHOOK_URL) private readonly smsUrl: string,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<PointSmsWebhookJob>(
      QueueName.SmsWebhook,
      (job) =>
        withCorrelationId(job.data.correlationId, async () => {
          await this.provider.pointSmsWebhook(job.data.sid, this.smsUrl);
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
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
