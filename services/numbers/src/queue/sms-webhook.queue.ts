import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  JobName,
  type PointSmsWebhookJob,
  QueueName,
  SMS_WEBHOOK_JOB_OPTIONS,
  smsWebhookJobId,
} from './queues.constants.js';

/** Puts webhook updates on their queue; the only place that knows the queue library. */
export abstract class SmsWebhookQueue {
  /**
   * Idempotent: the job's id is the assignment's, so asking twice queues it once; a job of it that
   * failed for good is tried again.
   */
  abstract enqueue(job: PointSmsWebhookJob): Promise<void>;
}

export class BullSmsWebhookQueue extends SmsWebhookQueue implements OnApplicationShutdown {
  private readonly queue: Queue<PointSmsWebhookJob>;

  constructor(connection: Redis, prefix: string) {
    super();
    this.queue = new Queue<PointSmsWebhookJob>(QueueName.SmsWebhook, { connection, prefix });
  }

  async enqueue(job: PointSmsWebhookJob): Promise<void> {
    const jobId = smsWebhookJobId(job);
    const existing = await this.queue.getJob(jobId);
    if (existing && (await existing.isFailed())) {
      await existing.retry();
      return;
    }
    await this.queue.add(JobName.PointSmsWebhook, job, { ...SMS_WEBHOOK_JOB_OPTIONS, jobId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
