import type { MfaKind } from '@multimfa/service-contracts/numbers';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Mfa, type MfaView } from './mfa.entity.js';

/** What an upgrade changes. */
export interface PlanChange {
  mfaId: string;
  userId: string;
  planId: number;
  planName: string;
  basePrice: number;
  noOfUsers: number;
  subscriptionId: string;
  autoRenewal: boolean;
  nextPaymentDate: Date;
}

export interface CountryRef {
  countryId: number;
  isoCode: string;
}

/** The `mfa` and `applied_purchase` tables. Writes run in the caller's transaction. */
export abstract class MfasRepository {
  abstract transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T>;
  /** Records a purchase as applied; false when it was (the caller then changes nothing). */
  abstract recordPurchase(
    manager: EntityManager,
    purchase: { purchaseId: string; mfaId: string; action: 'CREATE' | 'UPGRADE' },
  ): Promise<boolean>;
  abstract country(manager: EntityManager, countryId: number): Promise<CountryRef | undefined>;
  abstract insert(manager: EntityManager, mfa: Mfa): Promise<void>;
  /** Changes the plan of the user's MultiMFA; false when the user has no such MultiMFA. */
  abstract changePlan(manager: EntityManager, change: PlanChange): Promise<boolean>;
  /** Changes what the owner edits on the detail page; false when the user has no such MFA. */
  /** Saves the detail page's fields of the user's MFA of that type (none such: false). */
  abstract edit(
    manager: EntityManager,
    userId: string,
    mfaId: string,
    change: { MFAType: MfaKind; name: string; description: string; autoRenewal: boolean },
  ): Promise<boolean>;
  /** Sets how long the user's MFA's texts keep their bodies and codes; false when the user has no such MFA. */
  abstract setRetention(
    manager: EntityManager,
    userId: string,
    mfaId: string,
    retentionDays: number,
  ): Promise<boolean>;
  /** The user's MFA (another user's: undefined). */
  abstract find(userId: string, mfaId: string, manager?: EntityManager): Promise<MfaView | undefined>;
  /** The user's MFAs, newest first, of one kind when given. */
  abstract listByUser(userId: string, type?: MfaKind): Promise<MfaView[]>;
  /**
   * Deactivates every MFA of the user and switches its auto-renewal off, in the caller's transaction;
   * answers the ids of those it changed.
   */
  abstract suspendAllOf(manager: EntityManager, userId: string): Promise<string[]>;
  /** Activates every inactive MFA of the user again (auto-renewal as it is); answers their ids. */
  abstract restoreAllOf(manager: EntityManager, userId: string): Promise<string[]>;
  /** How many MFAs of the kind each user holds (users with none are left out). */
  abstract countByUser(type: MfaKind): Promise<Array<{ userId: string; count: number }>>;
  /** The MFA of that kind, locked for the caller's transaction, with its number; undefined when none. */
  abstract lockForDeletion(
    manager: EntityManager,
    mfaId: string,
    type: MfaKind,
  ): Promise<{ userId: string; phoneNumberId: number | null; number: string | null } | undefined>;
  /** Deletes the MFA and its members (their invitations and its bots go with them by cascade). */
  abstract delete(manager: EntityManager, mfaId: string): Promise<void>;
}

interface ViewRow {
  mfa_id: string;
  mfa_type: MfaKind;
  user_id: string;
  name: string;
  description: string;
  country_id: number;
  plan_id: number;
  plan_name: string;
  base_price: string;
  no_of_users: number;
  subscription_id: string;
  auto_renewal: boolean;
  next_payment_date: Date;
  is_subscription_active: boolean;
  is_active: boolean;
  phone_number_id: number | null;
  waiting_since: Date | null;
  retention_days: number;
  created_at: Date;
  updated_at: Date;
  country_name: string;
  dialling_code: string;
  iso_code: string;
  e164: string | null;
  member_ids: string[];
  bot_ids: string[];
}

/** An MFA with its country, its number, and the ids of its members and bots (oldest first) in the same query. */
const VIEW = `
  SELECT m.*, c.name AS country_name, c.dialling_code, c.iso_code, n.e164,
         ARRAY(SELECT mb.member_id FROM member mb WHERE mb.mfa_id = m.mfa_id
                ORDER BY mb.created_at, mb.member_id)::text[] AS member_ids,
         ARRAY(SELECT b.bot_id FROM bot b WHERE b.mfa_id = m.mfa_id
                ORDER BY b.created_at, b.bot_id)::text[] AS bot_ids
    FROM mfa m
    JOIN country c ON c.country_id = m.country_id
    LEFT JOIN phone_number n ON n.phone_number_id = m.phone_number_id`;

function toView(row: ViewRow): MfaView {
  const mfa = Object.assign(new Mfa(), {
    mfaId: row.mfa_id,
    mfaType: row.mfa_type,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    countryId: row.country_id,
    planId: row.plan_id,
    planName: row.plan_name,
    basePrice: Number(row.base_price),
    noOfUsers: row.no_of_users,
    subscriptionId: row.subscription_id,
    autoRenewal: row.auto_renewal,
    nextPaymentDate: row.next_payment_date,
    isSubscriptionActive: row.is_subscription_active,
    isActive: row.is_active,
    phoneNumberId: row.phone_number_id,
    waitingSince: row.waiting_since,
    retentionDays: row.retention_days,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } satisfies Mfa);
  return {
    mfa,
    country: {
      countryId: row.country_id,
      name: row.country_name,
      diallingCode: row.dialling_code,
      isoCode: row.iso_code.trim(),
    },
    number: row.e164,
    memberIds: row.member_ids,
    botIds: row.bot_ids,
  };
}

@Injectable()
export class TypeOrmMfasRepository extends MfasRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async suspendAllOf(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows] = (await manager.query(
      `UPDATE mfa SET is_active = false, auto_renewal = false, updated_at = now()
        WHERE user_id = $1 AND (is_active OR auto_renewal) RETURNING mfa_id`,
      [userId],
    )) as [Array<{ mfa_id: string }>, number];
    return rows.map((row) => row.mfa_id).sort();
  }

  async restoreAllOf(manager: EntityManager, userId: string): Promise<string[]> {
    const [rows] = (await manager.query(
      `UPDATE mfa SET is_active = true, updated_at = now() WHERE user_id = $1 AND NOT is_active RETURNING mfa_id`,
      [userId],
    )) as [Array<{ mfa_id: string }>, number];
    return rows.map((row) => row.mfa_id).sort();
  }

  async lockForDeletion(
    manager: EntityManager,
    mfaId: string,
    type: MfaKind,
  ): Promise<{ userId: string; phoneNumberId: number | null; number: string | null } | undefined> {
    const [mfa] = (await manager.query(
      `SELECT m.user_id AS "userId", m.phone_number_id AS "phoneNumberId", n.e164 AS number
         FROM mfa m LEFT JOIN phone_number n ON n.phone_number_id = m.phone_number_id
        WHERE m.mfa_id = $1 AND m.mfa_type = $2 FOR UPDATE OF m`,
      [mfaId, type],
    )) as Array<{ userId: string; phoneNumberId: number | null; number: string | null }>;
    return mfa;
  }

  async delete(manager: EntityManager, mfaId: string): Promise<void> {
    await manager.query('DELETE FROM member WHERE mfa_id = $1', [mfaId]);
    await manager.query('DELETE FROM mfa WHERE mfa_id = $1', [mfaId]);
  }

  async countByUser(type: MfaKind): Promise<Array<{ userId: string; count: number }>> {
    const rows: Array<{ user_id: string; count: number }> = await this.dataSource.query(
      'SELECT user_id, count(*)::int AS count FROM mfa WHERE mfa_type = $1 GROUP BY user_id',
      [type],
    );
    return rows.map((row) => ({ userId: row.user_id, count: row.count }));
  }

  async recordPurchase(
    manager: EntityManager,
    purchase: { purchaseId: string; mfaId: string; action: 'CREATE' | 'UPGRADE' },
  ): Promise<boolean> {
    // A second application of the same purchase waits here until the first commits, then inserts nothing.
    const rows: unknown[] = await manager.query(
      `INSERT INTO applied_purchase (purchase_id, mfa_id, action) VALUES ($1, $2, $3)
       ON CONFLICT (purchase_id) DO NOTHING RETURNING purchase_id`,
      [purchase.purchaseId, purchase.mfaId, purchase.action],
    );
    return rows.length > 0;
  }

  async country(manager: EntityManager, countryId: number): Promise<CountryRef | undefined> {
    const rows: Array<{ countryId: number; isoCode: string }> = await manager.query(
      'SELECT country_id AS "countryId", iso_code AS "isoCode" FROM country WHERE country_id = $1',
      [countryId],
    );
    const row = rows[0];
    return row && { countryId: row.countryId, isoCode: row.isoCode.trim() };
  }

  async insert(manager: EntityManager, mfa: Mfa): Promise<void> {
    await manager.getRepository(Mfa).insert(mfa);
  }

  async changePlan(manager: EntityManager, change: PlanChange): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE mfa SET plan_id = $3, plan_name = $4, base_price = $5, no_of_users = $6, subscription_id = $7,
              auto_renewal = $8, next_payment_date = $9, is_subscription_active = true, updated_at = now()
        WHERE mfa_id = $1 AND user_id = $2 AND mfa_type = 'MultiMFA'`,
      [
        change.mfaId,
        change.userId,
        change.planId,
        change.planName,
        change.basePrice,
        change.noOfUsers,
        change.subscriptionId,
        change.autoRenewal,
        change.nextPaymentDate,
      ],
    )) as [unknown[], number];
    return affected > 0;
  }

  async edit(
    manager: EntityManager,
    userId: string,
    mfaId: string,
    change: { MFAType: MfaKind; name: string; description: string; autoRenewal: boolean },
  ): Promise<boolean> {
    const [, affected] = (await manager.query(
      `UPDATE mfa SET name = $3, description = $4, auto_renewal = $5, updated_at = now()
        WHERE mfa_id = $1 AND user_id = $2 AND mfa_type = $6`,
      [mfaId, userId, change.name, change.description, change.autoRenewal, change.MFAType],
    )) as [unknown[], number];
    return affected > 0;
  }

  async setRetention(
    manager: EntityManager,
    userId: string,
    mfaId: string,
    retentionDays: number,
  ): Promise<boolean> {
    const [, affected] = (await manager.query(
      'UPDATE mfa SET retention_days = $3, updated_at = now() WHERE mfa_id = $1 AND user_id = $2',
      [mfaId, userId, retentionDays],
    )) as [unknown[], number];
    return affected > 0;
  }

  async find(userId: string, mfaId: string, manager?: EntityManager): Promise<MfaView | undefined> {
    const rows: ViewRow[] = await (manager ?? this.dataSource).query(
      `${VIEW} WHERE m.mfa_id = $1 AND m.user_id = $2`,
      [mfaId, userId],
    );
    return rows[0] && toView(rows[0]);
  }

  async listByUser(userId: string, type?: MfaKind): Promise<MfaView[]> {
    const rows: ViewRow[] = await this.dataSource.query(
      `${VIEW} WHERE m.user_id = $1 AND ($2::varchar IS NULL OR m.mfa_type = $2)
        ORDER BY m.created_at DESC, m.mfa_id`,
      [userId, type ?? null],
    );
    return rows.map(toView);
  }
}
