import type { MfaKind } from '@multimfa/service-contracts/numbers';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** A number of the pool as allocation hands it out. */
export interface PoolEntry {
  phoneNumberId: number;
  e164: string;
  sid: string;
  countryIso: string;
}

/** An MFA that can be given a number. */
export interface NumberHolder {
  mfaId: string;
  MFAType: MfaKind;
  userId: string;
}

/** An MFA waiting for a number, as the admin Numbers page lists it. */
export interface WaitingRow extends NumberHolder {
  name: string;
  countryId: number;
  countryName: string;
  diallingCode: string;
  countryIso: string;
  waitingSince: Date;
}

/** Which numbers and MFAs allocation takes; every method runs in the caller's transaction. */
export abstract class AllocationRepository {
  /** Allocations of one country take turns until commit (so a number added meets every waiting MFA). */
  abstract lockCountry(manager: EntityManager, countryIso: string): Promise<void>;
  /** Marks the lowest free number of the country OCCUPIED and returns it; none free: undefined. */
  abstract occupyFreeNumber(manager: EntityManager, countryIso: string): Promise<PoolEntry | undefined>;
  /** Marks a number OCCUPIED only if it is FREE; whether it was. */
  abstract occupyIfFree(manager: EntityManager, phoneNumberId: number): Promise<boolean>;
  /** The MFA of the country waiting longest, locked; none: undefined. */
  abstract oldestWaiting(manager: EntityManager, countryIso: string): Promise<NumberHolder | undefined>;
  abstract assign(manager: EntityManager, mfaId: string, phoneNumberId: number): Promise<void>;
  abstract markWaiting(manager: EntityManager, mfaId: string, since: Date): Promise<void>;
  /** Every MFA waiting for a number, longest first. */
  abstract listWaiting(): Promise<WaitingRow[]>;
  /** Records that the MFA's number (still `phoneNumberId`) now sends its texts to the product. */
  abstract markSmsWebhookPointed(mfaId: string, phoneNumberId: number): Promise<void>;
  /** MFAs given a number before `before` whose SMS webhook was not pointed yet (their job lost or failed). */
  abstract unpointedAssignments(
    before: Date,
    limit: number,
  ): Promise<Array<{ mfaId: string; phoneNumberId: number; sid: string }>>;
}

@Injectable()
export class TypeOrmAllocationRepository extends AllocationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async lockCountry(manager: EntityManager, countryIso: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`allocation:${countryIso}`]);
  }

  async occupyFreeNumber(manager: EntityManager, countryIso: string): Promise<PoolEntry | undefined> {
    // SKIP LOCKED: a number another transaction holds (an edit, another allocation) is passed over.
    const [row] = (await manager.query(
      `UPDATE phone_number SET state = 'OCCUPIED', updated_at = now()
        WHERE phone_number_id = (
          SELECT phone_number_id FROM phone_number
           WHERE state = 'FREE' AND country_iso = $1
           ORDER BY phone_number_id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING phone_number_id AS "phoneNumberId", e164, sid, country_iso AS "countryIso"`,
      [countryIso],
    )) as [PoolEntry[], number];
    return row[0];
  }

  async occupyIfFree(manager: EntityManager, phoneNumberId: number): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE phone_number SET state = 'OCCUPIED', updated_at = now()
        WHERE phone_number_id = $1 AND state = 'FREE' RETURNING phone_number_id`,
      [phoneNumberId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async oldestWaiting(manager: EntityManager, countryIso: string): Promise<NumberHolder | undefined> {
    const rows: NumberHolder[] = await manager.query(
      `SELECT m.mfa_id AS "mfaId", m.mfa_type AS "MFAType", m.user_id AS "userId"
         FROM mfa m JOIN country c ON c.country_id = m.country_id
        WHERE m.waiting_since IS NOT NULL AND c.iso_code = $1
        ORDER BY m.waiting_since, m.mfa_id LIMIT 1 FOR UPDATE OF m SKIP LOCKED`,
      [countryIso],
    );
    return rows[0];
  }

  async assign(manager: EntityManager, mfaId: string, phoneNumberId: number): Promise<void> {
    await manager.query(
      `UPDATE mfa SET phone_number_id = $2, waiting_since = NULL, sms_webhook_pointed_at = NULL,
              updated_at = now()
        WHERE mfa_id = $1`,
      [mfaId, phoneNumberId],
    );
  }

  async markWaiting(manager: EntityManager, mfaId: string, since: Date): Promise<void> {
    await manager.query('UPDATE mfa SET waiting_since = $2 WHERE mfa_id = $1', [mfaId, since]);
  }

  listWaiting(): Promise<WaitingRow[]> {
    return this.dataSource.query(
      `SELECT m.mfa_id AS "mfaId", m.mfa_type AS "MFAType", m.user_id AS "userId", m.name,
              c.country_id AS "countryId", c.name AS "countryName", c.dialling_code AS "diallingCode",
              c.iso_code AS "countryIso", m.waiting_since AS "waitingSince"
         FROM mfa m JOIN country c ON c.country_id = m.country_id
        WHERE m.waiting_since IS NOT NULL
        ORDER BY m.waiting_since, m.mfa_id`,
    );
  }

  async markSmsWebhookPointed(mfaId: string, phoneNumberId: number): Promise<void> {
    await this.dataSource.query(
      'UPDATE mfa SET sms_webhook_pointed_at = now() WHERE mfa_id = $1 AND phone_number_id = $2',
      [mfaId, phoneNumberId],
    );
  }

  unpointedAssignments(
    before: Date,
    limit: number,
  ): Promise<Array<{ mfaId: string; phoneNumberId: number; sid: string }>> {
    return this.dataSource.query(
      `SELECT m.mfa_id AS "mfaId", m.phone_number_id AS "phoneNumberId", p.sid
         FROM mfa m JOIN phone_number p ON p.phone_number_id = m.phone_number_id
        WHERE m.sms_webhook_pointed_at IS NULL AND m.updated_at < $1
        ORDER BY m.updated_at LIMIT $2`,
      [before, limit],
    );
  }
}
