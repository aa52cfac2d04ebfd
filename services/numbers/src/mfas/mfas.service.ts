import { RETENTION_DAYS } from '@multimfa/api-contract';
import { Outbox } from '@multimfa/event-bus';
import { mfaCreated, mfaUpdated } from '@multimfa/events';
import type {
  ApplyPurchaseRequest,
  MfaKind,
  MfaRecord,
  RetentionRecord,
  SaveMfaRequest,
} from '@multimfa/service-contracts/numbers';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AllocationService } from '../allocation/allocation.service.js';
import { toMfaRecord } from './dto/mfa-record.dto.js';
import { Mfa, type MfaView } from './mfa.entity.js';
import {
  draftMissing,
  mfaExists,
  mfaNotFound,
  roboMfaNotFound,
  unknownCountry,
  upgradeOfRoboMfa,
} from './mfas.errors.js';
import { type CountryRef, MfasRepository } from './mfas.repository.js';
import { UserStandingRepository } from './user-standing.repository.js';

/** A purchase applied in a transaction: the MFA as it stands, and what to run once that commits. */
export interface AppliedPurchase {
  mfa: MfaRecord;
  afterCommit?: () => Promise<void>;
}

/** The MFA's state as numbers' events carry it. */
export function eventState({ mfa, country, number }: MfaView) {
  return {
    mfaId: mfa.mfaId,
    MFAType: mfa.mfaType,
    userId: mfa.userId,
    name: mfa.name,
    description: mfa.description,
    countryId: country.countryId,
    countryIso: country.isoCode,
    plan: { planId: mfa.planId, planName: mfa.planName, basePrice: mfa.basePrice, noOfUsers: mfa.noOfUsers },
    subscriptionId: mfa.subscriptionId,
    autoRenewal: mfa.autoRenewal,
    nextPaymentDate: mfa.nextPaymentDate.toISOString(),
    isSubscriptionActive: mfa.isSubscriptionActive,
    isActive: mfa.isActive,
    number,
    retentionDays: mfa.retentionDays,
  };
}

const isUniqueViolation = (error: unknown) =>
  (error as { driverError?: { code?: string } }).driverError?.code === '23505';

/**
 * MultiMFAs and RoboMFAs. A completed purchase is applied once, whichever way it arrives first
 * (billing's event or the gateway's call): recording its id is the first write of the transaction, so
 * a second application waits for the first to commit and then answers the MFA as it is. A purchase
 * applied while its owner is deactivated or deleted gives an MFA suspended as theirs are
 * (`OwnerStandingService`): inactive, auto-renewal off.
 */
@Injectable()
export class MfasService {
  constructor(
    @Inject(MfasRepository) private readonly mfas: MfasRepository,
    @Inject(UserStandingRepository) private readonly standing: UserStandingRepository,
    @Inject(AllocationService) private readonly allocation: AllocationService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  countByUser(type: MfaKind): Promise<Array<{ userId: string; count: number }>> {
    return this.mfas.countByUser(type);
  }

  /** Applies the purchase in a transaction of its own, then starts pointing an assigned number's webhook. */
  async applyPurchase(purchase: ApplyPurchaseRequest): Promise<MfaRecord> {
    const applied = await this.mfas.transaction((manager) => this.apply(manager, purchase));
    await applied.afterCommit?.();
    return applied.mfa;
  }

  /** Applies the purchase in the caller's transaction (an event handler's). */
  async apply(manager: EntityManager, purchase: ApplyPurchaseRequest): Promise<AppliedPurchase> {
    if (purchase.action === 'UPGRADE') {
      if (purchase.MFAType !== 'MultiMFA') throw upgradeOfRoboMfa();
      if (!(await this.mfas.recordPurchase(manager, purchase))) return this.asItIs(manager, purchase);
      return { mfa: await this.upgrade(manager, purchase) };
    }
    const country = await this.countryOf(manager, purchase);
    if (!(await this.mfas.recordPurchase(manager, purchase))) return this.asItIs(manager, purchase);
    return this.create(manager, purchase, country);
  }

  async list(userId: string, type?: MfaKind): Promise<MfaRecord[]> {
    return (await this.mfas.listByUser(userId, type)).map(toMfaRecord);
  }

  /** The user's MFA; another user's answers 404 like one that does not exist. */
  async get(userId: string, mfaId: string): Promise<MfaRecord> {
    const found = await this.mfas.find(userId, mfaId);
    if (!found) throw mfaNotFound();
    return toMfaRecord(found);
  }

  /**
   * The owner's changes from a MultiMFA's or a RoboMFA's detail page (the one internal call for both;
   * a type other than the MFA's answers 404). `numbers.mfa.updated` carries the new auto-renewal
   * flag, for billing, which owns the subscription's renewal, to follow.
   */
  async save(userId: string, mfaId: string, change: SaveMfaRequest): Promise<MfaRecord> {
    return this.mfas.transaction(async (manager) => {
      if (!(await this.mfas.edit(manager, userId, mfaId, change)))
        throw change.MFAType === 'RoboMFA' ? roboMfaNotFound() : mfaNotFound();
      const view = await this.current(manager, { userId, mfaId });
      await this.outbox.publish(manager, mfaUpdated, {
        ...eventState(view),
        purchaseId: null,
        updatedAt: this.clock.now().toISOString(),
      });
      return toMfaRecord(view);
    });
  }

  /** How many days the user's MFA's texts keep their bodies and codes (another user's MFA: 404). */
  async retention(userId: string, mfaId: string): Promise<RetentionRecord> {
    const found = await this.mfas.find(userId, mfaId);
    if (!found) throw mfaNotFound();
    return { retentionDays: found.mfa.retentionDays };
  }

  /**
   * Sets the retention of the user's MFA (another user's: 404); `numbers.mfa.updated` carries it to
   * messaging, which deletes the bodies and codes older than it.
   */
  async setRetention(userId: string, mfaId: string, change: RetentionRecord): Promise<RetentionRecord> {
    return this.mfas.transaction(async (manager) => {
      if (!(await this.mfas.setRetention(manager, userId, mfaId, change.retentionDays))) throw mfaNotFound();
      const view = await this.current(manager, { userId, mfaId });
      await this.outbox.publish(manager, mfaUpdated, {
        ...eventState(view),
        purchaseId: null,
        updatedAt: this.clock.now().toISOString(),
      });
      return { retentionDays: view.mfa.retentionDays };
    });
  }

  private async countryOf(manager: EntityManager, purchase: ApplyPurchaseRequest) {
    if (!purchase.draft) throw draftMissing();
    const country = await this.mfas.country(manager, purchase.draft.countryId);
    if (!country) throw unknownCountry(purchase.draft.countryId);
    return country;
  }

  private async create(
    manager: EntityManager,
    purchase: ApplyPurchaseRequest,
    country: CountryRef,
  ): Promise<AppliedPurchase> {
    const draft = purchase.draft;
    if (!draft) throw draftMissing();
    const ownerActive = await this.standing.isActive(manager, purchase.userId);
    const mfa = Object.assign(new Mfa(), {
      mfaId: purchase.mfaId,
      mfaType: purchase.MFAType,
      userId: purchase.userId,
      name: draft.name,
      description: draft.description,
      countryId: country.countryId,
      ...purchase.plan,
      subscriptionId: purchase.subscriptionId,
      autoRenewal: purchase.autoRenewal && ownerActive,
      nextPaymentDate: new Date(purchase.nextPaymentDate),
      isSubscriptionActive: true,
      isActive: ownerActive,
      phoneNumberId: null,
      waitingSince: null,
      retentionDays: RETENTION_DAYS.default,
    });
    try {
      await this.mfas.insert(manager, mfa);
    } catch (error) {
      throw isUniqueViolation(error) ? mfaExists(purchase.mfaId) : error;
    }
    const assignment = await this.allocation.allocate(
      manager,
      { mfaId: mfa.mfaId, MFAType: mfa.mfaType, userId: mfa.userId },
      country.isoCode,
    );
    const view = await this.current(manager, purchase);
    await this.outbox.publish(manager, mfaCreated, {
      ...eventState(view),
      purchaseId: purchase.purchaseId,
      createdAt: view.mfa.createdAt.toISOString(),
    });
    return { mfa: toMfaRecord(view), afterCommit: assignment?.afterCommit };
  }

  private async upgrade(manager: EntityManager, purchase: ApplyPurchaseRequest): Promise<MfaRecord> {
    const changed = await this.mfas.changePlan(manager, {
      mfaId: purchase.mfaId,
      userId: purchase.userId,
      ...purchase.plan,
      subscriptionId: purchase.subscriptionId,
      autoRenewal: purchase.autoRenewal && (await this.standing.isActive(manager, purchase.userId)),
      nextPaymentDate: new Date(purchase.nextPaymentDate),
    });
    if (!changed) throw mfaNotFound();
    const view = await this.current(manager, purchase);
    await this.outbox.publish(manager, mfaUpdated, {
      ...eventState(view),
      purchaseId: purchase.purchaseId,
      updatedAt: this.clock.now().toISOString(),
    });
    return toMfaRecord(view);
  }

  /** A purchase applied before: the MFA as it stands now, nothing changed. */
  private async asItIs(manager: EntityManager, purchase: ApplyPurchaseRequest): Promise<AppliedPurchase> {
    return { mfa: toMfaRecord(await this.current(manager, purchase)) };
  }

  private async current(
    manager: EntityManager,
    purchase: Pick<ApplyPurchaseRequest, 'userId' | 'mfaId'>,
  ): Promise<MfaView> {
    const view = await this.mfas.find(purchase.userId, purchase.mfaId, manager);
    if (!view) throw mfaNotFound();
    return view;
  }
}
