import { namedStatement } from '@multimfa/service-runtime';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Allowance, Period } from './usage.rules.js';

/** A subscription as metering sees it: its current period and its plan's allowance. */
export interface MeteredSubscription extends Period, Allowance {
  id: string;
  userId: string;
  mfaId: string;
}

const SUBSCRIPTION_WITH_ALLOWANCE = `
  SELECT s.id, s.user_id, s.mfa_id, s.period_start, s.next_payment_date,
         p.texts_per_month, p.extra_text_price_cents
    FROM subscription s JOIN plan p ON p.plan_id = s.plan_id`;

interface Row {
  id: string;
  user_id: string;
  mfa_id: string;
  period_start: Date;
  next_payment_date: Date;
  texts_per_month: number;
  extra_text_price_cents: number;
}

const toSubscription = (row: Row): MeteredSubscription => ({
  id: row.id,
  userId: row.user_id,
  mfaId: row.mfa_id,
  periodStart: row.period_start,
  nextPaymentDate: row.next_payment_date,
  textsPerMonth: row.texts_per_month,
  extraTextPriceCents: row.extra_text_price_cents,
});

/** A subscription with its allowance, share-locked. */
const LOCK_SUBSCRIPTION = namedStatement(
  'usage.lock-subscription',
  `${SUBSCRIPTION_WITH_ALLOWANCE} WHERE s.id = $1 FOR SHARE OF s`,
);

/** Adds texts to a period's count. */
const ADD_TEXTS = namedStatement(
  'usage.add',
  `INSERT INTO subscription_usage (subscription_id, period_start, texts) VALUES ($1, $2, $3)
  ON CONFLICT (subscription_id, period_start)
  DO UPDATE SET texts = subscription_usage.texts + EXCLUDED.texts, updated_at = now()`,
);

/** Texts metered per subscription and period. */
@Injectable()
export class UsageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The subscription, share-locked until the transaction ends: a renewal (which locks it for update)
   * reads the ended period's count either before or after this text, never in between.
   */
  async lockSubscription(manager: EntityManager, id: string): Promise<MeteredSubscription | null> {
    const rows = (await manager.query(LOCK_SUBSCRIPTION, [id])) as Row[];
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /** The user's subscription of the MFA, if the user has one. */
  async findByMfa(userId: string, mfaId: string): Promise<MeteredSubscription | null> {
    const rows = (await this.dataSource.query(
      `${SUBSCRIPTION_WITH_ALLOWANCE} WHERE s.user_id = $1 AND s.mfa_id = $2`,
      [userId, mfaId],
    )) as Row[];
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  /** Adds texts to the period's count. */
  async add(manager: EntityManager, subscriptionId: string, periodStart: Date, texts: number): Promise<void> {
    await manager.query(ADD_TEXTS, [subscriptionId, periodStart, texts]);
  }

  /** Texts metered in the period starting at `periodStart` (0 when none). */
  async texts(
    manager: EntityManager | undefined,
    subscriptionId: string,
    periodStart: Date,
  ): Promise<number> {
    const rows = (await (manager ?? this.dataSource.manager).query(
      'SELECT texts FROM subscription_usage WHERE subscription_id = $1 AND period_start = $2',
      [subscriptionId, periodStart],
    )) as Array<{ texts: number }>;
    return rows[0]?.texts ?? 0;
  }
}
