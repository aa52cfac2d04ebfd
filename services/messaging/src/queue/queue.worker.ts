import { type Logger, withCorrelationId } from '@multimfa/service-runtime';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type Job, Worker, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { QueueName } from './queues.constants.js';

/** LOST_WORK_SWEEP_SECONDS in milliseconds: how old a queued row whose job was lost is, and how often it is looked for. */
export const LOST_WORK_SWEEP_MS = Symbol('LOST_WORK_SWEEP_MS');
const LOST_AFTER_MS = 60_000;
/**
 * A job's lock, renewed every half of it while the job runs; a job whose process died (a crash in the
 * middle of a send) is taken back by another replica after it lapses, at the next stalled-job check.
 * BullMQ's 30 s and 30 s would hold a code up to a minute; every provider call ends within 10 s
 * (PROVIDER_TIMEOUT_MS), so 15 s of lock cannot lapse under a live job, and a check every 5 s costs
 * one Redis script per replica.
 */
const LOCK_MS = 15_000;
const STALLED_CHECK_MS = 5_000;

/** A job of messaging's queues: the row to send and the correlation id of the request that caused it. */
export interface RowJob {
  correlationId: string;
}

export interface QueueWorkerSettings {
  queue: QueueName;
  concurrency: number;
  /** What one job sends and what several are called in log entries, e.g. `e-mail` and `e-mails`. */
  noun: string;
  nouns: string;
  settings?: WorkerOptions['settings'];
  /** A row still queued this long after it was written is queued again, by a sweep this often (a minute). */
  lostAfterMs?: number;
}

/**
 * The lifecycle of a worker of one of messaging's queues: every replica runs one from bootstrap to
 * shutdown; BullMQ gives each job to one of them and each job runs under its correlation id. After
 * the last failed attempt the row is given up (an ERROR log entry if that fails). Once a minute
 * (`lostAfterMs`), rows still queued a minute after they were written, whose job was lost (a process
 * that died between commit and enqueue, a Redis that lost it), are queued again.
 * Subclasses say what a job does.
 */
export abstract class QueueWorker<T extends RowJob> implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<T> | undefined;
  private requeue: NodeJS.Timeout | undefined;

  protected constructor(
    private readonly queue: QueueWorkerSettings,
    private readonly connection: Redis,
    private readonly prefix: string,
    protected readonly logger: Logger,
  ) {}

  /** Sends the job's row; `attempt` counts from 1. */
  protected abstract work(job: T, attempt: number): Promise<void>;

  /** Marks the row failed once its last attempt failed. */
  protected abstract giveUp(job: T, error: Error): Promise<void>;

  /** Queues again the rows still queued `olderThanMs` after they were written; how many. */
  protected abstract requeueLost(olderThanMs: number): Promise<number>;

  /** The job's row in log entries, e.g. `{ emailId }`. */
  protected abstract row(job: T): Record<string, string>;

  protected isLastAttempt(job: Job<T>, _error: Error): boolean {
    return job.attemptsMade >= (job.opts.attempts ?? 1);
  }

  /** Called when a failed attempt will be retried. */
  protected retrying(_job: Job<T>, _error: Error): void {}

  onApplicationBootstrap(): void {
    const { queue, concurrency, noun, nouns, settings } = this.queue;
    this.worker = new Worker<T>(
      queue,
      (job) => withCorrelationId(job.data.correlationId, () => this.work(job.data, job.attemptsMade + 1)),
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency,
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        ...(settings ? { settings } : {}),
      },
    );
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      if (!this.isLastAttempt(job, error)) {
        this.retrying(job, error);
        return;
      }
      withCorrelationId(job.data.correlationId, () =>
        this.giveUp(job.data, error).catch((giveUpError) =>
          this.logger.error({ err: giveUpError, ...this.row(job.data) }, `could not mark the ${noun} failed`),
        ),
      );
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error }, `${noun} worker error`));
    const lostAfterMs = this.queue.lostAfterMs ?? LOST_AFTER_MS;
    this.requeue = setInterval(() => {
      this.requeueLost(lostAfterMs)
        .then((count) => count && this.logger.warn({ count }, `queued again ${nouns} whose job was lost`))
        .catch((error) => this.logger.warn({ err: error }, `looking for ${nouns} whose job was lost failed`));
    }, lostAfterMs);
    this.requeue.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.requeue);
    await this.worker?.close();
  }
}
