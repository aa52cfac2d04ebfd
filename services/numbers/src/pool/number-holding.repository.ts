import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PoolEntry } from '../allocation/allocation.repository.js';

/** A number held after its MFA's subscription or the MFA itself ended. */
export interface HeldNumber extends PoolEntry {
  heldForUserId: string | null;
  until: Date;
}

const ENTRY = `phone_number_id AS "phoneNumberId", e164, sid, country_iso AS "countryIso",
  held_for_user_id AS "heldForUserId"`;

/** The states a number passes through after it stops carrying an MFA's codes; the caller's transaction. */
@Injectable()
export class NumberHoldingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** OCCUPIED -> RESERVED for the user until `until`; whether it was OCCUPIED. */
  async reserve(
    manager: EntityManager,
    phoneNumberId: number,
    userId: string,
    until: Date,
  ): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE phone_number SET state = 'RESERVED', reserved_until = $2, held_for_user_id = $3, updated_at = now()
        WHERE phone_number_id = $1 AND state = 'OCCUPIED' RETURNING phone_number_id`,
      [phoneNumberId, until, userId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** RESERVED -> OCCUPIED (the subscription was paid in time); whether it was RESERVED. */
  async restore(manager: EntityManager, phoneNumberId: number): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE phone_number SET state = 'OCCUPIED', reserved_until = NULL, held_for_user_id = NULL, updated_at = now()
        WHERE phone_number_id = $1 AND state = 'RESERVED' RETURNING phone_number_id`,
      [phoneNumberId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /**
   * Any state but QUARANTINED -> QUARANTINED until `until`, taken from the MFA that had it; answers
   * the number and that MFA (null when none had it), or undefined when it was quarantined already.
   */
  async quarantine(
    manager: EntityManager,
    phoneNumberId: number,
    until: Date,
  ): Promise<{ e164: string; mfaId: string | null; userId: string | null } | undefined> {
    const [rows] = (await manager.query(
      `UPDATE phone_number SET state = 'QUARANTINED', quarantined_until = $2, reserved_until = NULL, updated_at = now()
        WHERE phone_number_id = $1 AND state <> 'QUARANTINED' RETURNING e164, held_for_user_id AS "heldForUserId"`,
      [phoneNumberId, until],
    )) as [Array<{ e164: string; heldForUserId: string | null }>, number];
    const row = rows[0];
    if (!row) return undefined;
    const [mfas] = (await manager.query(
      `UPDATE mfa SET phone_number_id = NULL, updated_at = now() WHERE phone_number_id = $1
        RETURNING mfa_id AS "mfaId", user_id AS "userId"`,
      [phoneNumberId],
    )) as [Array<{ mfaId: string; userId: string }>, number];
    const mfa = mfas[0];
    if (mfa && !row.heldForUserId)
      await manager.query('UPDATE phone_number SET held_for_user_id = $2 WHERE phone_number_id = $1', [
        phoneNumberId,
        mfa.userId,
      ]);
    return { e164: row.e164, mfaId: mfa?.mfaId ?? null, userId: mfa?.userId ?? row.heldForUserId };
  }

  /** QUARANTINED -> FREE. */
  async release(manager: EntityManager, phoneNumberId: number): Promise<void> {
    await manager.query(
      `UPDATE phone_number SET state = 'FREE', quarantined_until = NULL, held_for_user_id = NULL, updated_at = now()
        WHERE phone_number_id = $1 AND state = 'QUARANTINED'`,
      [phoneNumberId],
    );
  }

  /** Reserved numbers whose reservation ended by `now`, locked (others' locked rows passed over). */
  reservationsEnded(manager: EntityManager, now: Date, limit: number): Promise<HeldNumber[]> {
    return manager.query(
      `SELECT ${ENTRY}, reserved_until AS "until" FROM phone_number
        WHERE state = 'RESERVED' AND reserved_until <= $1
        ORDER BY reserved_until LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  /** Quarantined numbers whose quarantine ended by `now`, locked (others' locked rows passed over). */
  quarantinesEnded(manager: EntityManager, now: Date, limit: number): Promise<HeldNumber[]> {
    return manager.query(
      `SELECT ${ENTRY}, quarantined_until AS "until" FROM phone_number
        WHERE state = 'QUARANTINED' AND quarantined_until <= $1
        ORDER BY quarantined_until LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }
}
