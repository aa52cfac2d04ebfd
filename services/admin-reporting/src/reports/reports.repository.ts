import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A creation-time window: `from` included, `until` excluded; either may be open. */
export interface TimeWindow {
  from: Date | null;
  until: Date | null;
}

export interface MfaCounts {
  roboMFAs: number;
  inactiveRoboMFAs: number;
  multiMFAs: number;
  inactiveMultiMFAs: number;
  occupiedTwilios: number;
}

export interface MfaListRow {
  mfaId: string;
  name: string;
  number: string | null;
  isActive: boolean;
  planId: number;
  planName: string;
  createdAt: Date;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  members: number;
  bots: number;
}

export interface MemberListRow {
  memberId: string;
  firstName: string;
  lastName: string;
  forwardMedium: 'EMAIL' | 'MOBILE_NUMBER' | 'BOTH';
  mobileNo: string;
  email: string;
  status: 'AWAITING_INVITE' | 'INVITE_SENT' | 'VERIFIED';
  mfaId: string;
  mfaName: string;
  createdAt: Date;
}

/** Reads of the read models (the projection writes them). */
export abstract class ReportsRepository {
  abstract mfaCounts(): Promise<MfaCounts>;
  /** Customers registered after each of the given instants. */
  abstract signUpsSince(instants: Date[]): Promise<number[]>;
  /** Customer sign-ups per UTC day, `days` days ending with the day of `now`, oldest first. */
  abstract signUpsPerDay(now: Date, days: number): Promise<Array<{ date: string; count: number }>>;
  abstract messageTotals(): Promise<{ sms: number; email: number }>;
  abstract messagesPerDay(
    now: Date,
    days: number,
  ): Promise<Array<{ date: string; sms: number; email: number }>>;
  abstract listMfas(type: 'MultiMFA' | 'RoboMFA', window: TimeWindow): Promise<MfaListRow[]>;
  abstract listMembers(window: TimeWindow): Promise<MemberListRow[]>;
}

const days = `generate_series(($1::timestamptz AT TIME ZONE 'UTC')::date - ($2::int - 1),
                              ($1::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day') AS d`;

@Injectable()
export class SqlReportsRepository extends ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async mfaCounts(): Promise<MfaCounts> {
    const [row] = await this.dataSource.query(`
      SELECT count(*) FILTER (WHERE mfa_type = 'RoboMFA')::int AS "roboMFAs",
             count(*) FILTER (WHERE mfa_type = 'RoboMFA' AND NOT (is_active AND is_subscription_active))::int
               AS "inactiveRoboMFAs",
             count(*) FILTER (WHERE mfa_type = 'MultiMFA')::int AS "multiMFAs",
             count(*) FILTER (WHERE mfa_type = 'MultiMFA' AND NOT (is_active AND is_subscription_active))::int
               AS "inactiveMultiMFAs",
             count(DISTINCT COALESCE(m.number, a.number))::int AS "occupiedTwilios"
        FROM report_mfa m LEFT JOIN report_number_assignment a ON a.mfa_id = m.mfa_id`);
    return row as MfaCounts;
  }

  async signUpsSince(instants: Date[]): Promise<number[]> {
    const [row] = await this.dataSource.query(
      `SELECT ${instants.map((_, i) => `count(*) FILTER (WHERE registered_at > $${i + 1})::int AS c${i}`).join(', ')}
         FROM report_user WHERE user_type = 'CUSTOMER'`,
      instants,
    );
    return instants.map((_, i) => row[`c${i}`] as number);
  }

  signUpsPerDay(now: Date, count: number): Promise<Array<{ date: string; count: number }>> {
    return this.dataSource.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, count(u.user_id)::int AS count
         FROM ${days}
         LEFT JOIN report_user u
           ON u.user_type = 'CUSTOMER' AND (u.registered_at AT TIME ZONE 'UTC')::date = d::date
        GROUP BY d ORDER BY d`,
      [now, count],
    );
  }

  async messageTotals(): Promise<{ sms: number; email: number }> {
    const [row] = await this.dataSource.query(`
      SELECT COALESCE(sum(count) FILTER (WHERE channel = 'SMS'), 0)::int AS sms,
             COALESCE(sum(count) FILTER (WHERE channel = 'EMAIL'), 0)::int AS email
        FROM message_count`);
    return row;
  }

  messagesPerDay(now: Date, count: number): Promise<Array<{ date: string; sms: number; email: number }>> {
    return this.dataSource.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date,
              COALESCE(sum(c.count) FILTER (WHERE c.channel = 'SMS'), 0)::int AS sms,
              COALESCE(sum(c.count) FILTER (WHERE c.channel = 'EMAIL'), 0)::int AS email
         FROM ${days}
         LEFT JOIN message_count c ON c.day = d::date
        GROUP BY d ORDER BY d`,
      [now, count],
    );
  }

  listMfas(type: 'MultiMFA' | 'RoboMFA', window: TimeWindow): Promise<MfaListRow[]> {
    return this.dataSource.query(
      `SELECT m.mfa_id AS "mfaId", m.name, COALESCE(m.number, a.number) AS number,
              (m.is_active AND m.is_subscription_active) AS "isActive",
              m.plan_id AS "planId", m.plan_name AS "planName", m.created_at AS "createdAt",
              u.user_id AS "ownerId", u.email_address AS "ownerEmail",
              u.first_name AS "ownerFirstName", u.last_name AS "ownerLastName",
              (SELECT count(*) FROM report_member r WHERE r.mfa_id = m.mfa_id)::int AS members,
              (SELECT count(*) FROM report_bot b WHERE b.mfa_id = m.mfa_id)::int AS bots
         FROM report_mfa m
         LEFT JOIN report_number_assignment a ON a.mfa_id = m.mfa_id
         LEFT JOIN report_user u ON u.user_id = m.user_id
        WHERE m.mfa_type = $1
          AND ($2::timestamptz IS NULL OR m.created_at >= $2)
          AND ($3::timestamptz IS NULL OR m.created_at < $3)
        ORDER BY m.created_at DESC, m.mfa_id`,
      [type, window.from, window.until],
    );
  }

  listMembers(window: TimeWindow): Promise<MemberListRow[]> {
    return this.dataSource.query(
      `SELECT r.member_id AS "memberId", r.first_name AS "firstName", r.last_name AS "lastName",
              r.forward_medium AS "forwardMedium", r.mobile_no AS "mobileNo", r.email, r.status,
              m.mfa_id AS "mfaId", m.name AS "mfaName", r.created_at AS "createdAt"
         FROM report_member r
         JOIN report_mfa m ON m.mfa_id = r.mfa_id
        WHERE ($1::timestamptz IS NULL OR r.created_at >= $1)
          AND ($2::timestamptz IS NULL OR r.created_at < $2)
        ORDER BY r.created_at DESC, r.member_id`,
      [window.from, window.until],
    );
  }
}
