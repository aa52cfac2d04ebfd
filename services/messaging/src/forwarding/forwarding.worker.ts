import {
  Clock,
  LOGGER,
  type Logger,
  QUEUE_CONNECTION,
  QUEUE_PREFIX,
  withCorrelationId,
} from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type ForwardJob, QueueName } from '../queue/queues.js';
import { ForwardingService } from './forwarding.service.js';
import { ProviderError } from './provider-error.js';
import { retryDelayMs } from './retry-delay.js';

const REQUEUE_EVERY_MS = 60_000;

/**
 * Works the forward queue: every replica runs one; BullMQ gives each job to one of them. A refusal
 * is retried after `retryDelayMs` (the provider's rate-limit reset honoured); a permanent refusal or
 * the last failed attempt gives the forward up (an ERROR log entry). Once a minute, forwards still
 * queued whose job was lost are queued again.
 */
@Injectable()
export class ForwardingWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<ForwardJob> | undefined;
  private requeue: NodeJS.Timeout | undefined;

  constructor(
    @Inject(ForwardingService) private readonly forwarding: ForwardingService,
    @Inject(QUEUE_CONNECTION) private readonly connection: Redis,
    @Inject(QUEUE_PREFIX) private readonly prefix: string,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = new Worker<ForwardJob>(
      QueueName.Forward,
      (job) =>
        withCorrelationId(job.data.correlationId, async () => {
          try {
            await this.forwarding.deliver(job.data.forwardId, job.attemptsMade + 1);
          } catch (error) {
            if (error instanceof ProviderError && error.permanent)
              throw new UnrecoverableError(error.message);
            throw error;
          }
        }),
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: 16,
        settings: {
          backoffStrategy: (attemptsMade, _type, error) =>
            retryDelayMs(attemptsMade, error, this.clock.now()),
        },
      },
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      const last = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!last) return;
      withCorrelationId(job.data.correlationId, () =>
        this.forwarding
          .giveUp(job.data.forwardId, error.message)
          .catch((giveUpError) =>
            this.logger.error(
              { err: giveUpError, forwardId: job.data.forwardId },
              'could not mark the forward failed',
            ),
          ),
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'forward worker error'));
    this.requeue = setInterval(() => {
      this.forwarding
        .requeueLost()
        .then((count) => count && this.logger.warn({ count }, 'queued again forwards whose job was lost'))
        .catch((error) => this.logger.warn({ err: error }, 'looking for forwards whose job was lost failed'));
    }, REQUEUE_EVERY_MS);
    this.requeue.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.requeue);
    await this.worker?.close();
  }
}
