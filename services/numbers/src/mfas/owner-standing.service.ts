import { Outbox } from '@multimfa/event-bus';
import { mfaUpdated } from '@multimfa/events';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MfasRepository } from './mfas.repository.js';
import { eventState } from './mfas.service.js';
import { UserStandingRepository } from './user-standing.repository.js';

/**
 * An MFA works only while its owner's account does. An administrator deactivating the owner suspends
 * every MFA of theirs (inactive, auto-renewal off), deleting them does so for good; reactivation makes
 * them active again with auto-renewal left off, so nothing is charged that the customer did not ask
 * for again. Each MFA changed is told in `numbers.mfa.updated`: messaging then keeps their texts
 * without forwarding them and refuses their bots' keys, billing mirrors the auto-renewal. All in the
 * event's transaction; a redelivery, or an older word applied after a newer one, changes nothing.
 */
@Injectable()
export class OwnerStandingService {
  constructor(
    @Inject(UserStandingRepository) private readonly standing: UserStandingRepository,
    @Inject(MfasRepository) private readonly mfas: MfasRepository,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** `at`: when identity said it (the event's time). */
  async statusChanged(manager: EntityManager, userId: string, isActive: boolean, at: Date): Promise<void> {
    if (!(await this.standing.record(manager, userId, isActive, at))) return;
    const changed = isActive
      ? await this.mfas.restoreAllOf(manager, userId)
      : await this.mfas.suspendAllOf(manager, userId);
    await this.publish(manager, userId, changed);
  }

  async deleted(manager: EntityManager, userId: string, at: Date): Promise<void> {
    await this.standing.recordDeleted(manager, userId, at);
    await this.publish(manager, userId, await this.mfas.suspendAllOf(manager, userId));
  }

  private async publish(manager: EntityManager, userId: string, mfaIds: string[]): Promise<void> {
    for (const mfaId of mfaIds) {
      const view = await this.mfas.find(userId, mfaId, manager);
      if (!view) continue;
      await this.outbox.publish(manager, mfaUpdated, {
        ...eventState(view),
        purchaseId: null,
        updatedAt: this.clock.now().toISOString(),
      });
    }
  }
}
