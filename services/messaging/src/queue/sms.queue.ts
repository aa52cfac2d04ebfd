import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobName, QueueName, type SendSmsJob, SMS_JOB_OPTIONS } from './queues.constants.js';

/** Puts the product's own SMS on the sending queue; the only place that knows the queue library. */
export abstract class SmsQueue {
  /** Idempotent: the SMS row's id is the job's id. */
  abstract enqueue(job: SendSmsJob): Promise<void>;
}

export class BullSmsQueue extends SmsQueue implements OnApplicationShutdown {
  private readonly queue: Queue<SendSmsJob>;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    super();
    this.queue = new Queue<SendSmsJob>(QueueName.Sms, { connection, prefix });
    // Redis going away is waited out (the connection retries); said as a warning, not thrown.
    this.queue.on('error', (error) => logger.warn({ err: error }, 'SMS queue: Redis error'));
  }

  async enqueue(job: SendSmsJob): Promise<void> {
    await this.queue.add(JobName.SendSms, job, { ...SMS_JOB_OPTIONS, jobId: job.smsId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
