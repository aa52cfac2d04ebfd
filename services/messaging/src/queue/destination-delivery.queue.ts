import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  DESTINATION_DELIVERY_JOB_OPTIONS,
  type DestinationDeliveryJob,
  JobName,
  QueueName,
} from './queues.constants.js';

/** Puts destination deliveries on their queue; the only place that knows the queue library. */
export abstract class DestinationDeliveryQueue {
  /** Idempotent: `jobId` (text and destination) queues each delivery once. */
  abstract enqueueAll(jobs: Array<DestinationDeliveryJob & { jobId: string }>): Promise<void>;
}

export class BullDestinationDeliveryQueue extends DestinationDeliveryQueue implements OnApplicationShutdown {
  private readonly queue: Queue<DestinationDeliveryJob>;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    super();
    this.queue = new Queue<DestinationDeliveryJob>(QueueName.DestinationDelivery, { connection, prefix });
    this.queue.on('error', (error) => logger.warn({ err: error }, 'destination queue: Redis error'));
  }

  async enqueueAll(jobs: Array<DestinationDeliveryJob & { jobId: string }>): Promise<void> {
    if (!jobs.length) return;
    await this.queue.addBulk(
      jobs.map(({ jobId, ...data }) => ({
        name: JobName.DeliverToDestination,
        data,
        opts: { ...DESTINATION_DELIVERY_JOB_OPTIONS, jobId },
      })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

/** The job of a text's delivery to a destination: one per (text, destination), however often asked. */
export const destinationJobId = (messageId: string, destinationId: string) => `${messageId}_${destinationId}`;
