import { Clock, type Counter, LOGGER, type Logger, Metrics } from '@multimfa/service-runtime';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ForwardQueue } from '../queue/forward.queue.js';
import {
  MAX_REDRIVES,
  mayRedrive,
  REDRIVE_EVERY_MS,
  REDRIVE_WITHIN_MS,
  REDRIVES_METRIC,
} from './forward-redrive.rules.js';
import { ForwardsRepository } from './forwards.repository.js';

/**
 * Every few minutes, on every replica, sends again the forwards that failed for good for a cause that
 * has passed (`mayRedrive`: a provider outage, within the last day, its provider accepted a send since,
 * fewer than three re-drives). Each re-drive is started by one conditional update, so two replicas
 * start it once, and queued under its own job id (the lost-job sweep queues it again with the same
 * id). The forward stays failed until its re-drive sends it (`ForwardingService.deliver`, which asks
 * the provider about an earlier call whose outcome was lost before sending again).
 */
@Injectable()
export class ForwardRedriveService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly redrives: Counter<'medium' | 'outcome'>;

  constructor(
    @Inject(ForwardsRepository) private readonly forwards: ForwardsRepository,
    @Inject(ForwardQueue) private readonly queue: ForwardQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) metrics: Metrics,
  ) {
    this.redrives = metrics.counter(REDRIVES_METRIC.name, REDRIVES_METRIC.help, ['medium', 'outcome']);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) void this.redrive().catch(() => undefined);
    }, REDRIVE_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Looks once (one look at a time in this process); answers how many re-drives this look started. */
  redrive(): Promise<number> {
    this.running ??= this.redriveFailed()
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error },
          'looking for failed forwards to send again failed; trying again later',
        );
        throw error;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async redriveFailed(): Promise<number> {
    const now = this.clock.now();
    const candidates = await this.forwards.redriveCandidates(
      new Date(now.getTime() - REDRIVE_WITHIN_MS),
      MAX_REDRIVES,
    );
    let started = 0;
    for (const forward of candidates) {
      if (!mayRedrive(forward, now)) continue;
      const jobId = await this.forwards.startRedrive(forward, now);
      if (!jobId) continue;
      // Queued at once, each after its own commit: a crash in between leaves it to the lost-job sweep.
      await this.queue.enqueueAll([
        { forwardId: forward.forwardId, jobId, correlationId: forward.forwardId },
      ]);
      started += 1;
      this.redrives.inc({ medium: forward.medium, outcome: 'started' });
      this.logger.warn(
        {
          forwardId: forward.forwardId,
          medium: forward.medium,
          redrive: forward.redrives + 1,
          failedAt: forward.failedAt?.toISOString(),
          providerAcceptedAt: forward.providerAcceptedAt?.toISOString(),
        },
        'a forward that failed while its provider was unavailable is sent again: the provider accepted a send since',
      );
    }
    return started;
  }
}
