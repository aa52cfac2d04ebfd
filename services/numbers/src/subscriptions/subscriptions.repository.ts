import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The subscription fields of an MFA and the state of its number, as billing's events change them. */
export interface SubscriptionOfMfa {
  mfaId: string;
  userId: string;
  mfaType: 'MultiMFA' | 'RoboMFA';
  isSubscriptionActive: boolean;
  phoneNumberId: number | null;
  numberState: string | null;
  waitingSince: Date | null;
  countryIso: string;
}

@Injectable()
export class SubscriptionsRepository {
  /** The user's MFA of the subscription, locked until the transaction ends. */
  async lock(manager: EntityManager, userId: string, mfaId: string): Promise<SubscriptionOfMfa | undefined> {
    const rows: SubscriptionOfMfa[] = await manager.query(
      `SELECT m.mfa_id AS "mfaId", m.user_id AS "userId", m.mfa_type AS "mfaType",
              m.is_subscription_active AS "isSubscriptionActive", m.phone_number_id AS "phoneNumberId",
              n.state AS "numberState", m.waiting_since AS "waitingSince", btrim(c.iso_code) AS "countryIso"
         FROM mfa m JOIN country c ON c.country_id = m.country_id
         LEFT JOIN phone_number n ON n.phone_number_id = m.phone_number_id
        WHERE m.mfa_id = $1 AND m.user_id = $2
        FOR UPDATE OF m`,
      [mfaId, userId],
    );
    return rows[0];
  }

  async setActive(
    manager: EntityManager,
    mfaId: string,
    change: { isSubscriptionActive: boolean; nextPaymentDate?: Date },
  ): Promise<void> {
    await manager.query(
      `UPDATE mfa SET is_subscription_active = $2, next_payment_date = COALESCE($3, next_payment_date),
              updated_at = now() WHERE mfa_id = $1`,
      [mfaId, change.isSubscriptionActive, change.nextPaymentDate ?? null],
    );
  }
}
