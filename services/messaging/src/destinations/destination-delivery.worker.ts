import { Clock, LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { ProviderError } from '../providers/provider.errors.js';
import { providerBackoff } from '../providers/retry-delay.rules.js';
import { QueueWorker } from '../queue/queue.worker.js';
import {
  DESTINATION_DELIVERY_JOB_OPTIONS,
  type DestinationDeliveryJob,
  QueueName,
} from '../queue/queues.constants.js';
import { DestinationDeliveryService } from './destination-delivery.service.js';

/**
 * Works the destination queue, apart from the forward queue: a destination that is slow or down holds
 * only its own jobs. Retried with the providers' backoff (a 429's Retry-After honoured) for over an
 * hour; a permanent refusal (Slack's invalid_token, channel_not_found, no_service; a webhook's 410; a
 * refused address) ends it at once.
 */
@Injectable()
export class DestinationDeliveryWorker extends QueueWorker<DestinationDeliveryJob> {
  constructor(
    @Inject(DestinationDeliveryService) private readonly deliveries: DestinationDeliveryService,
    @Inject(QUEUE_CONNECTION) connection: Redis,
    @Inject(QUEUE_PREFIX) prefix: string,
    @Inject(Clock) clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      {
        queue: QueueName.DestinationDelivery,
        concurrency: 16,
        noun: 'destination delivery',
        nouns: 'destination deliveries',
        settings: providerBackoff(clock),
      },
      connection,
      prefix,
      logger,
    );
  }

  protected override async work(job: DestinationDeliveryJob, attempt: number): Promise<void> {
    try {
      await this.deliveries.deliver(
        job.deliveryId,
        attempt,
        attempt >= DESTINATION_DELIVERY_JOB_OPTIONS.attempts,
      );
    } catch (error) {
      if (error instanceof ProviderError && error.permanent) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  protected override isLastAttempt(job: Job<DestinationDeliveryJob>, error: Error): boolean {
    return error instanceof UnrecoverableError || super.isLastAttempt(job, error);
  }

  protected override giveUp(job: DestinationDeliveryJob, error: Error): Promise<void> {
    return this.deliveries.giveUp(job.deliveryId, error.message);
  }

  protected override requeueLost(): Promise<number> {
    return this.deliveries.requeueLost();
  }

  protected override row(job: DestinationDeliveryJob) {
    return { deliveryId: job.deliveryId };
  }
}
