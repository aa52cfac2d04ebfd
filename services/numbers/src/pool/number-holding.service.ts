import { Outbox } from '@multimfa/event-bus';
import { numberQuarantined, numberReleased } from '@multimfa/events';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AllocationService } from '../allocation/allocation.service.js';
import { NumberHoldingRepository } from './number-holding.repository.js';

const DAY_MS = 86_400_000;
/** How long the number of an expired subscription stays the customer's. */
export const RESERVATION_DAYS = 30;
/** How long a number carries nobody's codes before a new owner may get it. */
export const QUARANTINE_DAYS = 90;
const SWEEP_BATCH = 200;

const plusDays = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * The one place that decides what happens to a number after it stops carrying an MFA's codes, so a new
 * owner never receives the old owner's: RESERVED for the customer for 30 days after the subscription
 * expired (paying in time gives it back), then QUARANTINED for 90 days (also at once when an MFA is
 * deleted: `quarantine`), then FREE, when it goes to the MFA of its country waiting longest, if any.
 * Allocation takes only FREE numbers. A sweep (every few minutes, any replica) moves the dates on.
 */
@Injectable()
export class NumberHoldingService {
  constructor(
    @Inject(NumberHoldingRepository) private readonly holding: NumberHoldingRepository,
    @Inject(AllocationService) private readonly allocation: AllocationService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Keeps the MFA's number for its customer for 30 days from `expiredAt`; whether it was in use. */
  reserve(manager: EntityManager, phoneNumberId: number, userId: string, expiredAt: Date): Promise<boolean> {
    return this.holding.reserve(manager, phoneNumberId, userId, plusDays(expiredAt, RESERVATION_DAYS));
  }

  /** Gives a reserved number back to its MFA (the subscription was paid); whether it was still reserved. */
  restore(manager: EntityManager, phoneNumberId: number): Promise<boolean> {
    return this.holding.restore(manager, phoneNumberId);
  }

  /**
   * Takes the number from its MFA (if any) into quarantine for 90 days from `from` (now unless told):
   * for a deleted MFA, or a reservation that ran out. Nothing happens to a number quarantined already.
   */
  async quarantine(
    manager: EntityManager,
    phoneNumberId: number,
    from: Date = this.clock.now(),
  ): Promise<void> {
    const until = plusDays(from, QUARANTINE_DAYS);
    const taken = await this.holding.quarantine(manager, phoneNumberId, until);
    if (!taken) return;
    await this.outbox.publish(manager, numberQuarantined, {
      phoneNumberId,
      number: taken.e164,
      mfaId: taken.mfaId,
      userId: taken.userId,
      quarantinedUntil: until.toISOString(),
      quarantinedAt: from.toISOString(),
    });
  }

  /** Moves every number whose reservation or quarantine ended by now; answers how many moved. */
  async sweep(): Promise<{ quarantined: number; released: number }> {
    const now = this.clock.now();
    const afterCommit: Array<() => Promise<void>> = [];
    const moved = await this.holding.transaction(async (manager) => {
      const reserved = await this.holding.reservationsEnded(manager, now, SWEEP_BATCH);
      for (const number of reserved) await this.quarantine(manager, number.phoneNumberId, number.until);
      const quarantined = await this.holding.quarantinesEnded(manager, now, SWEEP_BATCH);
      for (const number of quarantined) {
        await this.holding.release(manager, number.phoneNumberId);
        await this.outbox.publish(manager, numberReleased, {
          phoneNumberId: number.phoneNumberId,
          number: number.e164,
          releasedAt: number.until.toISOString(),
        });
        const assignment = await this.allocation.numberAdded(manager, number);
        if (assignment?.afterCommit) afterCommit.push(assignment.afterCommit);
      }
      return { quarantined: reserved.length, released: quarantined.length };
    });
    for (const run of afterCommit) await run();
    if (moved.quarantined + moved.released > 0) this.logger.info(moved, 'held numbers moved on');
    return moved;
  }
}
