import { LOGGER, type Logger, QUEUE_CONNECTION, QUEUE_PREFIX } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { type Job, UnrecoverableError, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { failureClassOf, ProviderError } from '../providers/provider.errors.js';
import { PROVIDER_BACKOFF } from '../providers/providers.module.js';
import { LOST_WORK_SWEEP_MS, QueueWorker } from '../queue/queue.worker.js';
import { type ForwardJob, QueueName } from '../queue/queues.constants.js';
import { ForwardingService } from './forwarding.service.js';

/**
 * Works the forward queue; the lifecycle is `QueueWorker`'s. A refusal is retried after
 * `retryDelayMs` (the provider's rate-limit reset honoured); a permanent refusal or the last failed
 * attempt gives the forward up (an ERROR log entry), with whether it failed for a passing cause.
 */
@Injectable()
export class ForwardingWorker extends QueueWorker<ForwardJob> {
  constructor(
    @Inject(ForwardingService) private readonly forwarding: ForwardingService,
    @Inject(QUEUE_CONNECTION) connection: Redis,
    @Inject(QUEUE_PREFIX) prefix: string,
    @Inject(PROVIDER_BACKOFF) backoff: WorkerOptions['settings'],
    @Inject(LOGGER) logger: Logger,
    @Inject(LOST_WORK_SWEEP_MS) lostAfterMs: number,
  ) {
    super(
      {
        queue: QueueName.Forward,
        concurrency: 16,
        noun: 'forward',
        nouns: 'forwards',
        settings: backoff,
        lostAfterMs,
      },
      connection,
      prefix,
      logger,
    );
  }

  protected override async work(job: ForwardJob, attempt: number): Promise<void> {
    try {
      await this.forwarding.deliver(job.forwardId, attempt);
    } catch (error) {
      if (error instanceof ProviderError && error.permanent) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  protected override isLastAttempt(job: Job<ForwardJob>, error: Error): boolean {
    return error instanceof UnrecoverableError || super.isLastAttempt(job, error);
  }

  protected override giveUp(job: ForwardJob, error: Error): Promise<void> {
    // `work` turned a permanent refusal into an UnrecoverableError; anything else is the last
    // attempt's own error, classed as it is.
    const failureClass = error instanceof UnrecoverableError ? 'permanent' : failureClassOf(error);
    return this.forwarding.giveUp(job.forwardId, error.message, failureClass);
  }

  protected override requeueLost(olderThanMs: number): Promise<number> {
    return this.forwarding.requeueLost(olderThanMs);
  }

  protected override row(job: ForwardJob) {
    return { forwardId: job.forwardId };
  }
}
