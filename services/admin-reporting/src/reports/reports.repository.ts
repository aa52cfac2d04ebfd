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

export type LogType = 'INFO' | 'ERROR' | 'WARNING' | 'VALIDATION';

/** The Logs filters; a missing one keeps every row. */
export interface LogFilter {
  logType?: LogType;
  mobileNo?: string;
  window: TimeWindow;
}

export interface LogRow {
  logId: string;
  logType: LogType;
  mobileNo: string;
  message: string;
  members: Array<{ firstName: string; lastName: string }>;
  createdAt: Date;
}

/** One MultiMFA of a customer with its forwards sent and failed in a window. */
export interface ForwardOutcomeRow {
  userId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  mfaId: string;
  mfaName: string;
  success: number;
  failure: number;
}

/** Where a row stands in a newest-first list: its creation time, then its id (both descending). */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

/** Where a customer stands in the Advanced logs order: e-mail (unknown last), then user id. */
export interface OwnerPosition {
  email: string | null;
  userId: string;
}

/** A keyset page: `limit` rows strictly after `after` in the list's order (from the start when null). */
export interface Keyset<P> {
  after: P | null;
  limit: number;
}

/** The members report's filter: the creation window, and optionally one MultiMFA. */
export interface MemberFilter {
  window: TimeWindow;
  mfaId?: string;
}

/** Reads of the read models (the projection writes them). */
export abstract class ReportsRepository {
  abstract mfaCounts(): Promise<MfaCounts>;
  /** Customers registered after each of the given instants. */
  abstract signUpsSince(instants: Date[]): Promise<number[]>;
  /** Customer sign-ups per UTC day, `days` days ending with the day of `now`, oldest first. */
  abstract signUpsPerDay(now: Date, days: number): Promise<Array<{ date: string; count: number }>>;
  abstract messageTotals(): Promise<{ sms: number; email: number }>;
  /** Forwards sent by SMS and by e-mail after each of the given instants. */
  abstract sentSince(instants: Date[]): Promise<{ sms: number[]; email: number[] }>;
  abstract messagesPerDay(
    now: Date,
    days: number,
  ): Promise<Array<{ date: string; received: number; sms: number; email: number }>>;
  abstract countLogs(filter: LogFilter): Promise<number>;
  /** The log entries of the filter, newest first, `limit` of them after skipping `offset`. */
  /**
   * The filter's entries from `offset` (newest first). Given the filter's `total`, a page in the
   * older half is read from the oldest end, so no page walks past more than half the entries.
   */
  abstract listLogs(filter: LogFilter, offset: number, limit: number, total?: number): Promise<LogRow[]>;
  /**
   * The log entries of the filter, newest first, `limit` of them strictly after `after` in that
   * order (created_at, then log id, both descending): a keyset page that stays stable while rows arrive.
   */
  abstract listLogsAfter(filter: LogFilter, after: KeysetPosition | null, limit: number): Promise<LogRow[]>;
  /**
   * Every MultiMFA with its owner, and its forwards sent and failed in the window, by owner e-mail
   * (unknown last) then user id; with `page`, only the MultiMFAs of `page.limit` owners after `page.after`.
   */
  abstract forwardOutcomes(window: TimeWindow, page?: Keyset<OwnerPosition>): Promise<ForwardOutcomeRow[]>;
  /** The MFAs of the type created in the window, newest first (then id descending); with `page`, one keyset page. */
  abstract listMfas(
    type: 'MultiMFA' | 'RoboMFA',
    window: TimeWindow,
    page?: Keyset<KeysetPosition>,
  ): Promise<MfaListRow[]>;
  /** The members of the filter, newest first (then id descending); with `page`, one keyset page. */
  abstract listMembers(filter: MemberFilter, page?: Keyset<KeysetPosition>): Promise<MemberListRow[]>;
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

  async sentSince(instants: Date[]): Promise<{ sms: number[]; email: number[] }> {
    const columns = instants.flatMap((_, i) => [
      `count(*) FILTER (WHERE medium = 'SMS' AND sent_at > $${i + 1})::int AS s${i}`,
      `count(*) FILTER (WHERE medium = 'EMAIL' AND sent_at > $${i + 1})::int AS e${i}`,
    ]);
    const oldest = `$${instants.length + 1}`;
    const [row] = await this.dataSource.query(
      `SELECT ${columns.join(', ')} FROM report_forward
        WHERE medium IN ('SMS', 'EMAIL') AND sent_at > ${oldest}`,
      [...instants, new Date(Math.min(...instants.map((instant) => instant.getTime())))],
    );
    return {
      sms: instants.map((_, i) => row[`s${i}`] as number),
      email: instants.map((_, i) => row[`e${i}`] as number),
    };
  }

  messagesPerDay(
    now: Date,
    count: number,
  ): Promise<Array<{ date: string; received: number; sms: number; email: number }>> {
    return this.dataSource.query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date,
              COALESCE(sum(c.count) FILTER (WHERE c.channel = 'IN'), 0)::int AS received,
              COALESCE(sum(c.count) FILTER (WHERE c.channel = 'SMS'), 0)::int AS sms,
              COALESCE(sum(c.count) FILTER (WHERE c.channel = 'EMAIL'), 0)::int AS email
         FROM ${days}
         LEFT JOIN message_count c ON c.day = d::date
        GROUP BY d ORDER BY d`,
      [now, count],
    );
  }

  async countLogs(filter: LogFilter): Promise<number> {
    const { where, params } = logWhere(filter);
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM report_log ${where}`, params);
    return row.n as number;
  }

  async listLogs(filter: LogFilter, offset: number, limit: number, total?: number): Promise<LogRow[]> {
    const { where, params } = logWhere(filter);
    // From the oldest end when the page lies in the older half: its distance from that end.
    const fromOldest = total !== undefined && offset > total / 2;
    const skip = fromOldest ? Math.max(0, total - offset - limit) : offset;
    const take = fromOldest ? Math.min(limit, total - offset) : limit;
    if (take <= 0) return [];
    const direction = fromOldest ? 'ASC' : 'DESC';
    // The page's ids come from the filter's index alone (an index-only scan, even far down the list);
    // only the rows of the page are then read from the table.
    const rows: Array<Omit<LogRow, 'members'> & { members: LogRow['members'] }> = await this.dataSource.query(
      `SELECT l.log_id AS "logId", l.log_type AS "logType", l.mobile_no AS "mobileNo", l.message,
              l.members, l.created_at AS "createdAt"
         FROM (SELECT log_id, created_at FROM report_log ${where}
                ORDER BY created_at ${direction}, log_id ${direction}
               OFFSET $${params.length + 1} LIMIT $${params.length + 2}) page
         JOIN report_log l ON l.log_id = page.log_id
        ORDER BY page.created_at DESC, page.log_id DESC`,
      [...params, skip, take],
    );
    return rows;
  }

  listLogsAfter(filter: LogFilter, after: KeysetPosition | null, limit: number): Promise<LogRow[]> {
    const { where, params } = logWhere(filter, after);
    return this.dataSource.query(
      `SELECT log_id AS "logId", log_type AS "logType", mobile_no AS "mobileNo", message, members,
              created_at AS "createdAt"
         FROM report_log ${where}
        ORDER BY created_at DESC, log_id DESC
        LIMIT $${params.length + 1}`,
      [...params, limit],
    );
  }

  forwardOutcomes(window: TimeWindow, page?: Keyset<OwnerPosition>): Promise<ForwardOutcomeRow[]> {
    const params: unknown[] = [window.from, window.until];
    let owners = '';
    if (page) {
      // The page's owners first (by e-mail, unknown last, then id), then only their MultiMFAs.
      let after = 'true';
      if (page.after?.email != null) {
        params.push(page.after.email, page.after.userId);
        after = `(ou.email_address > $3 OR (ou.email_address = $3 AND o.user_id > $4) OR ou.email_address IS NULL)`;
      } else if (page.after) {
        params.push(page.after.userId);
        after = `(ou.email_address IS NULL AND o.user_id > $3)`;
      }
      params.push(page.limit);
      owners = `AND m.user_id IN (
              SELECT o.user_id FROM report_mfa o LEFT JOIN report_user ou ON ou.user_id = o.user_id
               WHERE o.mfa_type = 'MultiMFA' AND ${after}
               GROUP BY o.user_id, ou.email_address
               ORDER BY ou.email_address NULLS LAST, o.user_id
               LIMIT $${params.length})`;
    }
    return this.dataSource.query(
      `SELECT m.user_id AS "userId", u.email_address AS email, u.first_name AS "firstName",
              u.last_name AS "lastName", m.mfa_id AS "mfaId", m.name AS "mfaName",
              count(*) FILTER (WHERE f.sent_at >= COALESCE($1::timestamptz, '-infinity') AND f.sent_at < COALESCE($2::timestamptz, 'infinity'))::int
                AS success,
              count(*) FILTER (WHERE f.failed_at >= COALESCE($1::timestamptz, '-infinity') AND f.failed_at < COALESCE($2::timestamptz, 'infinity'))::int
                AS failure
         FROM report_mfa m
         LEFT JOIN report_user u ON u.user_id = m.user_id
         LEFT JOIN report_forward f ON f.mfa_id = m.mfa_id
        WHERE m.mfa_type = 'MultiMFA' ${owners}
        GROUP BY m.user_id, u.email_address, u.first_name, u.last_name, m.mfa_id, m.name, m.created_at
        ORDER BY u.email_address NULLS LAST, m.user_id, m.created_at, m.mfa_id`,
      params,
    );
  }

  listMfas(
    type: 'MultiMFA' | 'RoboMFA',
    window: TimeWindow,
    page?: Keyset<KeysetPosition>,
  ): Promise<MfaListRow[]> {
    const params: unknown[] = [type, window.from, window.until];
    const { condition, limit } = keysetOf('m.created_at', 'm.mfa_id', params, page);
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
          ${condition}
        ORDER BY m.created_at DESC, m.mfa_id DESC ${limit}`,
      params,
    );
  }

  listMembers(filter: MemberFilter, page?: Keyset<KeysetPosition>): Promise<MemberListRow[]> {
    const params: unknown[] = [filter.window.from, filter.window.until, filter.mfaId ?? null];
    const { condition, limit } = keysetOf('r.created_at', 'r.member_id', params, page);
    return this.dataSource.query(
      `SELECT r.member_id AS "memberId", r.first_name AS "firstName", r.last_name AS "lastName",
              r.forward_medium AS "forwardMedium", r.mobile_no AS "mobileNo", r.email, r.status,
              m.mfa_id AS "mfaId", m.name AS "mfaName", r.created_at AS "createdAt"
         FROM report_member r
         JOIN report_mfa m ON m.mfa_id = r.mfa_id
        WHERE ($1::timestamptz IS NULL OR r.created_at >= $1)
          AND ($2::timestamptz IS NULL OR r.created_at < $2)
          AND ($3::uuid IS NULL OR r.mfa_id = $3)
          ${condition}
        ORDER BY r.created_at DESC, r.member_id DESC ${limit}`,
      params,
    );
  }
}

/**
 * The condition and LIMIT of a keyset page over (created time, id), both descending, appending their
 * values to `params`; nothing without a page.
 */
function keysetOf(
  createdAt: string,
  id: string,
  params: unknown[],
  page: Keyset<KeysetPosition> | undefined,
): { condition: string; limit: string } {
  if (!page) return { condition: '', limit: '' };
  let condition = '';
  if (page.after) {
    params.push(page.after.createdAt, page.after.id);
    condition = `AND (${createdAt}, ${id}) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(page.limit);
  return { condition, limit: `LIMIT $${params.length}` };
}

/** The WHERE clause of a Logs filter, with only the conditions asked for (each then uses its index). */
function logWhere(
  filter: LogFilter,
  after: KeysetPosition | null = null,
): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    conditions.push(condition.replace('?', `$${params.length}`));
  };
  if (filter.logType) add('log_type = ?', filter.logType);
  if (filter.mobileNo) add('mobile_no = ?', filter.mobileNo);
  if (filter.window.from) add('created_at >= ?', filter.window.from);
  if (filter.window.until) add('created_at < ?', filter.window.until);
  if (after) {
    params.push(after.createdAt, after.id);
    conditions.push(`(created_at, log_id) < ($${params.length - 1}, $${params.length})`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
