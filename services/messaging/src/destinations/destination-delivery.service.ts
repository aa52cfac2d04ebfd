import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { DestinationDeliveryQueue, destinationJobId } from '../queue/destination-delivery.queue.js';
import { DestinationPostError, DestinationPoster } from './destination.poster.js';
import { DestinationDeliveriesRepository } from './destination-deliveries.repository.js';
import { renderSlackMessage, renderWebhookEvent } from './destination-message.templates.js';
import { DestinationsRepository } from './destinations.repository.js';

/** A queued delivery whose job may have been lost (the process died between commit and enqueue). */
const LOST_JOB_AFTER_MS = 60_000;

/**
 * Sends one text to one destination (called by its worker; a thrown error is retried with the
 * providers' backoff): each attempt is logged with its outcome and the destination's answer code,
 * and the delivery moves to delivered, retrying or failed. A destination removed or no longer active
 * gets nothing.
 */
@Injectable()
export class DestinationDeliveryService {
  constructor(
    @Inject(DestinationDeliveriesRepository) private readonly deliveries: DestinationDeliveriesRepository,
    @Inject(DestinationsRepository) private readonly destinations: DestinationsRepository,
    @Inject(DestinationPoster) private readonly poster: DestinationPoster,
    @Inject(DestinationDeliveryQueue) private readonly queue: DestinationDeliveryQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `lastAttempt`: no attempt follows this one if it fails (the delivery is then failed). */
  async deliver(deliveryId: string, attempt: number, lastAttempt: boolean): Promise<void> {
    const delivery = await this.deliveries.find(deliveryId);
    if (!delivery) throw new Error(`destination delivery ${deliveryId} is not recorded`);
    if (delivery.status === 'delivered' || delivery.status === 'failed') return;
    const destination = await this.destinations.find(delivery.destinationId);
    if (!destination || destination.removed || destination.status !== 'active') {
      await this.deliveries.markFailed(deliveryId, 'the destination was removed');
      return;
    }
    const payload =
      destination.kind === 'slack'
        ? renderSlackMessage(delivery.text, destination.content)
        : renderWebhookEvent(deliveryId, delivery.text, destination.content);
    try {
      const outcome = await this.poster.post(destination, payload);
      await this.deliveries.recordAttempt(
        delivery,
        {
          number: attempt,
          at: this.clock.now(),
          outcome: 'delivered',
          responseCode: outcome.status,
          error: null,
        },
        'delivered',
      );
    } catch (error) {
      const failed = error instanceof DestinationPostError ? error.outcome : undefined;
      const reason = error instanceof Error ? error.message : String(error);
      const final = lastAttempt || (error instanceof DestinationPostError && error.permanent);
      await this.deliveries.recordAttempt(
        delivery,
        {
          number: attempt,
          at: this.clock.now(),
          outcome: 'failed',
          responseCode: failed?.status ?? null,
          error: reason,
        },
        final ? 'failed' : 'retrying',
      );
      this.logger.warn({ deliveryId, attempt, reason, final }, 'destination delivery attempt failed');
      throw error;
    }
  }

  /** The last attempt failed, or the worker could not run it: failed for good. */
  async giveUp(deliveryId: string, reason: string): Promise<void> {
    if (await this.deliveries.markFailed(deliveryId, reason)) {
      this.logger.error({ deliveryId, reason }, 'destination delivery given up');
    }
  }

  /** Queues again the deliveries whose job was lost; the job id makes it a no-op otherwise. */
  async requeueLost(): Promise<number> {
    const lost = await this.deliveries.queuedBefore(new Date(this.clock.now().getTime() - LOST_JOB_AFTER_MS));
    await this.queue.enqueueAll(
      lost.map((delivery) => ({
        deliveryId: delivery.deliveryId,
        correlationId: delivery.deliveryId,
        jobId: destinationJobId(delivery.messageId, delivery.destinationId),
      })),
    );
    return lost.length;
  }
}
