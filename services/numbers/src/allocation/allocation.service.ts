import { Outbox } from '@multimfa/event-bus';
import { numberAssigned } from '@multimfa/events';
import type { WaitingMfa } from '@multimfa/service-contracts/numbers';
import { Clock, currentCorrelationId } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SmsWebhookQueue } from '../queue/sms-webhook.queue.js';
import { AllocationRepository, type NumberHolder, type PoolEntry } from './allocation.repository.js';

/** A number given to an MFA in the current transaction: what to do once it commits. */
export interface Assignment {
  number: PoolEntry;
  holder: NumberHolder;
  /** Points the number's SMS webhook at the product (enqueues the job); run after the commit. */
  afterCommit: () => Promise<void>;
}

/**
 * Who gets which number. A purchase takes a free number of its MFA's country, or waits for one;
 * a number added to the pool goes to the MFA of its country waiting longest. Both take turns per
 * country (an advisory lock until commit), so a number added while a purchase finds none free
 * still reaches it, and a number is taken with SKIP LOCKED, so two purchases never share one.
 */
@Injectable()
export class AllocationService {
  constructor(
    @Inject(AllocationRepository) private readonly allocation: AllocationRepository,
    @Inject(SmsWebhookQueue) private readonly queue: SmsWebhookQueue,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** A new MFA takes a free number of its country, or is marked waiting (undefined). */
  async allocate(
    manager: EntityManager,
    holder: NumberHolder,
    countryIso: string,
  ): Promise<Assignment | undefined> {
    await this.allocation.lockCountry(manager, countryIso);
    const number = await this.allocation.occupyFreeNumber(manager, countryIso);
    if (!number) {
      await this.allocation.markWaiting(manager, holder.mfaId, this.clock.now());
      return undefined;
    }
    return this.assign(manager, number, holder);
  }

  /** A number just added to the pool goes to the MFA of its country waiting longest, if any. */
  async numberAdded(manager: EntityManager, number: PoolEntry): Promise<Assignment | undefined> {
    await this.allocation.lockCountry(manager, number.countryIso);
    const holder = await this.allocation.oldestWaiting(manager, number.countryIso);
    if (!holder || !(await this.allocation.occupyIfFree(manager, number.phoneNumberId))) return undefined;
    return this.assign(manager, number, holder);
  }

  /** The MFAs waiting for a number, longest first (the admin Numbers page). */
  async waiting(): Promise<WaitingMfa[]> {
    return (await this.allocation.listWaiting()).map((row) => ({
      mfaId: row.mfaId,
      MFAType: row.MFAType,
      name: row.name,
      country: {
        countryId: row.countryId,
        name: row.countryName,
        code: row.diallingCode,
        isoCode: row.countryIso.trim(),
      },
      waitingSince: row.waitingSince.toISOString(),
    }));
  }

  private async assign(manager: EntityManager, number: PoolEntry, holder: NumberHolder): Promise<Assignment> {
    await this.allocation.assign(manager, holder.mfaId, number.phoneNumberId);
    await this.outbox.publish(manager, numberAssigned, {
      phoneNumberId: number.phoneNumberId,
      number: number.e164,
      sid: number.sid,
      countryIso: number.countryIso.trim(),
      mfaId: holder.mfaId,
      MFAType: holder.MFAType,
      userId: holder.userId,
      assignedAt: this.clock.now().toISOString(),
    });
    const correlationId = currentCorrelationId() ?? holder.mfaId;
    return {
      number,
      holder,
      afterCommit: () =>
        this.queue.enqueue({
          phoneNumberId: number.phoneNumberId,
          sid: number.sid,
          mfaId: holder.mfaId,
          correlationId,
        }),
    };
  }
}
