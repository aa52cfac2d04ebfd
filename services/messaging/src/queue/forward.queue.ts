import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { FORWARD_JOB_OPTIONS, type ForwardJob, JobName, QueueName } from './queues.constants.js';

/** Puts forwards on the sending queue; the only place that knows the queue library. */
export abstract class ForwardQueue {
  /** Idempotent: `jobId` (message, recipient, medium) queues each forward once. */
  abstract enqueueAll(jobs: Array<ForwardJob & { jobId: string }>): Promise<void>;
}

export class BullForwardQueue extends ForwardQueue implements OnApplicationShutdown {
  private readonly queue: Queue<ForwardJob>;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    super();
    this.queue = new Queue<ForwardJob>(QueueName.Forward, { connection, prefix });
    // Redis going away is waited out (the connection retries); said as a warning, not thrown.
    this.queue.on('error', (error) => logger.warn({ err: error }, 'forward queue: Redis error'));
  }

  async enqueueAll(jobs: Array<ForwardJob & { jobId: string }>): Promise<void> {
    if (!jobs.length) return;
    await this.queue.addBulk(
      jobs.map(({ jobId, ...data }) => ({
        name: JobName.Forward,
        data,
        opts: { ...FORWARD_JOB_OPTIONS, jobId },
      })),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
