import { LOG_EXPORT_LIMIT, LOG_PAGE_SIZE } from '@multimfa/api-contract';
import type {
  AdvancedLogRow,
  DashboardStatsRecord,
  LogFilters,
  LogPageRecord,
  LogQuery,
  LogRecord,
  MemberRow,
  MultiMfaRow,
  RangeQuery,
  RoboMfaRow,
} from '@multimfa/service-contracts/admin-reporting';
import { Clock } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ForwardOutcomeRow,
  type KeysetPosition,
  type LogFilter,
  type LogRow,
  type MemberListRow,
  type MfaListRow,
  type OwnerPosition,
  ReportsRepository,
  type TimeWindow,
} from './reports.repository.js';

/** One page of a list read by keyset: each row with its position (for a cursor), and whether more follow. */
export interface KeysetPage<T, P> {
  entries: Array<{ node: T; position: P }>;
  hasNextPage: boolean;
}

/** The page of `first` from rows read with a limit of `first + 1` (the extra row only says more follow). */
function pageOf<R, T, P>(
  rows: R[],
  first: number,
  node: (row: R) => T,
  position: (row: R) => P,
): KeysetPage<T, P> {
  return {
    entries: rows.slice(0, first).map((row) => ({ node: node(row), position: position(row) })),
    hasNextPage: rows.length > first,
  };
}

const keyOf = (createdAt: Date, id: string): KeysetPosition => ({ createdAt, id });

const DAY_MS = 86_400_000;
/** How many days the dashboard's charts show. */
export const CHART_DAYS = 30;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The From and To filters as a window of creation times: a date means the whole UTC day (To
 * included), a date-time that exact instant.
 */
export function windowOf(range: RangeQuery): TimeWindow {
  const from = range.from
    ? new Date(DATE_ONLY.test(range.from) ? `${range.from}T00:00:00Z` : range.from)
    : null;
  let until: Date | null = null;
  if (range.to) {
    until = DATE_ONLY.test(range.to)
      ? new Date(new Date(`${range.to}T00:00:00Z`).getTime() + DAY_MS)
      : new Date(new Date(range.to).getTime() + 1);
  }
  return { from, until };
}

const byPeriod = ([daily, weekly, monthly, yearly]: number[]) => ({
  daily: daily ?? 0,
  weekly: weekly ?? 0,
  monthly: monthly ?? 0,
  yearly: yearly ?? 0,
});

function owner(row: MfaListRow) {
  return row.ownerId
    ? {
        userId: row.ownerId,
        emailAddress: row.ownerEmail ?? '',
        firstName: row.ownerFirstName ?? '',
        lastName: row.ownerLastName ?? '',
      }
    : null;
}

function logFilterOf(filters: LogFilters): LogFilter {
  return { logType: filters.log, mobileNo: filters.mobileNo, window: windowOf(filters) };
}

/** The page actually answered: within 1 and the last page (1 when nothing matches). */
export function boundedPage(asked: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, asked), pageCount), pageCount };
}

const logRecord = (row: LogRow): LogRecord => ({
  multiMFALogId: row.logId,
  logType: row.logType,
  mobileNo: row.mobileNo,
  message: row.message,
  members: row.members,
  createdAt: row.createdAt.toISOString(),
});

/** The admin reports, read from the read models only. */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async dashboard(): Promise<DashboardStatsRecord> {
    const now = this.clock.now();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const periods = [ago(1), ago(7), ago(30), ago(365)];
    const [counts, [daily, weekly, monthly, yearly], sent, signUpsPerDay, totals, textsPerDay] =
      await Promise.all([
        this.reports.mfaCounts(),
        this.reports.signUpsSince(periods),
        this.reports.sentSince(periods),
        this.reports.signUpsPerDay(now, CHART_DAYS),
        this.reports.messageTotals(),
        this.reports.messagesPerDay(now, CHART_DAYS),
      ]);
    return {
      sms: totals.sms,
      email: totals.email,
      ...counts,
      users: { daily: daily ?? 0, weekly: weekly ?? 0, monthly: monthly ?? 0, yearly: yearly ?? 0 },
      messagesSent: { sms: byPeriod(sent.sms), email: byPeriod(sent.email) },
      signUpsPerDay,
      textsPerDay,
    };
  }

  async logs(query: LogQuery): Promise<LogPageRecord> {
    const filter = logFilterOf(query);
    const total = await this.reports.countLogs(filter);
    const { page, pageCount } = boundedPage(query.page, total, LOG_PAGE_SIZE);
    const rows = total
      ? await this.reports.listLogs(filter, (page - 1) * LOG_PAGE_SIZE, LOG_PAGE_SIZE, total)
      : [];
    return { rows: rows.map(logRecord), page: { page, pageSize: LOG_PAGE_SIZE, pageCount, total } };
  }

  /** Up to `first` log entries of the filter after `after` (newest first). */
  async logsAfter(
    filters: LogFilters,
    after: KeysetPosition | null,
    first: number,
  ): Promise<KeysetPage<LogRecord, KeysetPosition>> {
    const rows = await this.reports.listLogsAfter(logFilterOf(filters), after, first + 1);
    return pageOf(rows, first, logRecord, (row) => keyOf(row.createdAt, row.logId));
  }

  async exportLogs(filters: LogFilters): Promise<LogRecord[]> {
    const rows = await this.reports.listLogs(logFilterOf(filters), 0, LOG_EXPORT_LIMIT);
    return rows.map(logRecord);
  }

  /** Per customer (by e-mail), their MultiMFAs with the forwards sent and failed in the window. */
  async advancedLogs(range: RangeQuery): Promise<AdvancedLogRow[]> {
    const customers = byCustomer(await this.reports.forwardOutcomes(windowOf(range)));
    return customers.map(({ row }) => row);
  }

  /** Up to `first` customers of Advanced logs after `after`, in the same order. */
  async advancedLogsAfter(
    range: RangeQuery,
    after: OwnerPosition | null,
    first: number,
  ): Promise<KeysetPage<AdvancedLogRow, OwnerPosition>> {
    const rows = await this.reports.forwardOutcomes(windowOf(range), { after, limit: first + 1 });
    return pageOf(
      byCustomer(rows),
      first,
      ({ row }) => row,
      ({ row, email }) => ({ email, userId: row.userId }),
    );
  }

  async multiMfas(range: RangeQuery): Promise<MultiMfaRow[]> {
    const rows = await this.reports.listMfas('MultiMFA', windowOf(range));
    return rows.map(multiMfaRow);
  }

  /** Up to `first` MultiMFAs created in the window after `after` (newest first). */
  async multiMfasAfter(
    range: RangeQuery,
    after: KeysetPosition | null,
    first: number,
  ): Promise<KeysetPage<MultiMfaRow, KeysetPosition>> {
    const rows = await this.reports.listMfas('MultiMFA', windowOf(range), { after, limit: first + 1 });
    return pageOf(rows, first, multiMfaRow, (row) => keyOf(row.createdAt, row.mfaId));
  }

  async roboMfas(range: RangeQuery): Promise<RoboMfaRow[]> {
    const rows = await this.reports.listMfas('RoboMFA', windowOf(range));
    return rows.map(roboMfaRow);
  }

  /** Up to `first` RoboMFAs created in the window after `after` (newest first). */
  async roboMfasAfter(
    range: RangeQuery,
    after: KeysetPosition | null,
    first: number,
  ): Promise<KeysetPage<RoboMfaRow, KeysetPosition>> {
    const rows = await this.reports.listMfas('RoboMFA', windowOf(range), { after, limit: first + 1 });
    return pageOf(rows, first, roboMfaRow, (row) => keyOf(row.createdAt, row.mfaId));
  }

  async members(range: RangeQuery): Promise<MemberRow[]> {
    const rows = await this.reports.listMembers({ window: windowOf(range) });
    return rows.map(memberRow);
  }

  /** Up to `first` members added in the window (of one MultiMFA when `mfaId` is given) after `after`. */
  async membersAfter(
    range: RangeQuery & { mfaId?: string },
    after: KeysetPosition | null,
    first: number,
  ): Promise<KeysetPage<MemberRow, KeysetPosition>> {
    const rows = await this.reports.listMembers(
      { window: windowOf(range), mfaId: range.mfaId },
      { after, limit: first + 1 },
    );
    return pageOf(rows, first, memberRow, (row) => keyOf(row.createdAt, row.memberId));
  }
}

/**
 * The rows of Advanced logs: one per customer with their MultiMFAs in order, each with the e-mail the
 * read model holds (null while identity has not told it), which places the customer in the order.
 */
function byCustomer(rows: ForwardOutcomeRow[]): Array<{ row: AdvancedLogRow; email: string | null }> {
  const byUser = new Map<string, { row: AdvancedLogRow; email: string | null }>();
  for (const row of rows) {
    let user = byUser.get(row.userId)?.row;
    if (!user) {
      user = {
        userId: row.userId,
        email: row.email ?? '',
        name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
        multiMFAs: [],
      };
      byUser.set(row.userId, { row: user, email: row.email });
    }
    user.multiMFAs.push({
      multiMFAId: row.mfaId,
      name: row.mfaName,
      successMessageCount: row.success,
      failureMessageCount: row.failure,
    });
  }
  return [...byUser.values()];
}

const multiMfaRow = (row: MfaListRow): MultiMfaRow => ({
  multiMFAId: row.mfaId,
  name: row.name,
  twillioNo: row.number,
  isActive: row.isActive,
  plans: { planName: row.planName, planId: row.planId },
  owner: owner(row),
  members: row.members,
  createdAt: row.createdAt.toISOString(),
});

const roboMfaRow = (row: MfaListRow): RoboMfaRow => ({
  roboMFAId: row.mfaId,
  name: row.name,
  twilioNo: row.number,
  isActive: row.isActive,
  plans: { planName: row.planName, planId: row.planId },
  owner: owner(row),
  bots: row.bots,
  createdAt: row.createdAt.toISOString(),
});

const memberRow = (row: MemberListRow): MemberRow => ({
  memberId: row.memberId,
  firstName: row.firstName,
  lastName: row.lastName,
  forwardMedium: row.forwardMedium,
  mobileNo: row.mobileNo,
  email: row.email,
  status: row.status,
  multiMFA: { multiMFAId: row.mfaId, name: row.mfaName },
  createdAt: row.createdAt.toISOString(),
});
