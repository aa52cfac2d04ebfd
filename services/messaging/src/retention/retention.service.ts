import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { ContentRetentionRepository } from './content-retention.repository.js';

/** Texts whose content one statement deletes: a short transaction that never holds many rows. */
export const RETENTION_BATCH = 500;

/**
 * Enforces each MFA's retention: the bodies and codes of texts older than it are deleted, a batch
 * per transaction until none is left, as of the clock's now. Run by the retention worker's schedule.
 */
@Injectable()
export class RetentionService {
  constructor(
    @Inject(ContentRetentionRepository) private readonly retention: ContentRetentionRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Answers how many texts lost their body and code. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let deleted = 0;
    for (const batch of [
      (limit: number) => this.retention.deleteExpiredOfMfas(now, limit),
      (limit: number) => this.retention.deleteExpiredUnowned(now, limit),
    ]) {
      for (let count = RETENTION_BATCH; count === RETENTION_BATCH; ) {
        count = await batch(RETENTION_BATCH);
        deleted += count;
      }
    }
    if (deleted) this.logger.info({ deleted }, 'bodies and codes past their retention deleted');
    return deleted;
  }
}
