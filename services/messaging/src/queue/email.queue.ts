import type { Logger } from '@multimfa/service-runtime';
import type { OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { EMAIL_JOB_OPTIONS, JobName, QueueName, type SendEmailJob } from './queues.constants.js';

/** Puts e-mails on the sending queue; the only place that knows the queue library. */
export abstract class EmailQueue {
  /** Idempotent: the e-mail's row id is the job's id, so asking twice queues it once. */
  abstract enqueue(job: SendEmailJob): Promise<void>;
}

export class BullEmailQueue extends EmailQueue implements OnApplicationShutdown {
  private readonly queue: Queue<SendEmailJob>;

  constructor(connection: Redis, prefix: string, logger: Logger) {
    super();
    this.queue = new Queue<SendEmailJob>(QueueName.Email, { connection, prefix });
    // Redis going away is waited out (the connection retries); said as a warning, not thrown.
    this.queue.on('error', (error) => logger.warn({ err: error }, 'e-mail queue: Redis error'));
  }

  async enqueue(job: SendEmailJob): Promise<void> {
    await this.queue.add(JobName.SendEmail, job, { ...EMAIL_JOB_OPTIONS, jobId: job.emailId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
