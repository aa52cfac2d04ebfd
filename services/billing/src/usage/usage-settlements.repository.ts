import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Allowance } from './usage.rules.js';
import { type SettlementReason, type SettlementState, UsageSettlement } from './usage-settlement.entity.js';

/** A settlement's key: the subscription and the start of the usage period. */
export interface SettlementKey {
  subscriptionId: string;
  periodStart: Date;
}

/**
 * Which usage periods are (to be) billed for their texts over the allowance, and how. Every writer
 * holds the subscription's row lock (renewal, plan change, ending, settling), so a period gets one row
 * whichever path comes first; a second claim of it finds the row and bills nothing.
 */
@Injectable()
export class UsageSettlementsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Schedules the overage invoice of each subscription's current usage period, due at `periodEnd`
   * (`'payment-date'`: the subscription's next payment date), with the allowance of its plan now.
   * Periods settled or scheduled already are left as they are. Answers how many were scheduled.
   */
  async schedule(
    manager: EntityManager,
    subscriptionIds: string[],
    reason: Exclude<SettlementReason, 'RENEWAL'>,
    periodEnd: Date | 'payment-date',
  ): Promise<number> {
    if (subscriptionIds.length === 0) return 0;
    const rows: unknown[] = await manager.query(
      `INSERT INTO usage_settlement (subscription_id, period_start, period_end, reason, plan_label,
                                     texts_per_month, extra_text_price_cents, state)
       SELECT s.id, s.period_start, GREATEST(s.period_start, COALESCE($3::timestamptz, s.next_payment_date)),
              $2, s.mfa_type || ' ' || s.plan_name, p.texts_per_month, p.extra_text_price_cents, 'PENDING'
         FROM subscription s JOIN plan p ON p.plan_id = s.plan_id
        WHERE s.id = ANY($1::uuid[])
       ON CONFLICT (subscription_id, period_start) DO NOTHING
       RETURNING subscription_id`,
      [subscriptionIds, reason, periodEnd === 'payment-date' ? null : periodEnd],
    );
    return rows.length;
  }

  /**
   * Claims the period's usage for the renewal invoice (its state IN_RENEWAL); false when the period
   * was claimed already, and then the renewal bills no texts over the allowance.
   */
  async claimForRenewal(
    manager: EntityManager,
    claim: SettlementKey & { periodEnd: Date; planLabel: string; allowance: Allowance },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO usage_settlement (subscription_id, period_start, period_end, reason, plan_label,
                                     texts_per_month, extra_text_price_cents, state)
       VALUES ($1, $2, $3, 'RENEWAL', $4, $5, $6, 'IN_RENEWAL')
       ON CONFLICT (subscription_id, period_start) DO NOTHING
       RETURNING subscription_id`,
      [
        claim.subscriptionId,
        claim.periodStart,
        claim.periodEnd,
        claim.planLabel,
        claim.allowance.textsPerMonth,
        claim.allowance.extraTextPriceCents,
      ],
    );
    return rows.length === 1;
  }

  /** Settlements whose period has ended and whose invoice is not written yet, oldest first. */
  due(now: Date, limit: number): Promise<SettlementKey[]> {
    return this.dataSource
      .getRepository(UsageSettlement)
      .createQueryBuilder('settlement')
      .select(['settlement.subscriptionId', 'settlement.periodStart'])
      .where("settlement.state IN ('PENDING', 'CHARGING')")
      .andWhere('settlement.periodEnd <= :now', { now })
      .orderBy('settlement.periodEnd', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** The settlement, locked until the transaction ends (take the subscription's lock first). */
  lock(manager: EntityManager, key: SettlementKey): Promise<UsageSettlement | null> {
    return manager.getRepository(UsageSettlement).findOne({
      where: { subscriptionId: key.subscriptionId, periodStart: key.periodStart },
      lock: { mode: 'pessimistic_write' },
    });
  }

  find(manager: EntityManager | undefined, key: SettlementKey): Promise<UsageSettlement | null> {
    return (manager ?? this.dataSource.manager)
      .getRepository(UsageSettlement)
      .findOneBy({ subscriptionId: key.subscriptionId, periodStart: key.periodStart });
  }

  async update(
    manager: EntityManager,
    key: SettlementKey,
    change: { state: SettlementState; invoiceId?: string | null },
  ): Promise<void> {
    await manager
      .getRepository(UsageSettlement)
      .update({ subscriptionId: key.subscriptionId, periodStart: key.periodStart }, change);
  }
}
