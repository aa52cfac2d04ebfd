import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** How far back an offboarding report looks: the codes a member received in these days. */
export const OFFBOARDING_LOOKBACK_DAYS = 90;

export interface ServiceReceived {
  service: string;
  lastReceivedAt: Date;
}

/** What a removed member's offboarding report says (`offboarding_report`; its id is its e-mail's). */
export interface OffboardingReportRecord {
  reportId: string;
  mfaId: string;
  userId: string;
  memberId: string;
  mfaName: string;
  firstName: string;
  lastName: string;
  removedAt: Date;
  services: ServiceReceived[];
}

interface Row {
  report_id: string;
  mfa_id: string;
  user_id: string;
  member_id: string;
  mfa_name: string;
  first_name: string;
  last_name: string;
  removed_at: Date;
  services: Array<{ service: string; lastReceivedAt: string }>;
}

const toReport = (row: Row): OffboardingReportRecord => ({
  reportId: row.report_id,
  mfaId: row.mfa_id,
  userId: row.user_id,
  memberId: row.member_id,
  mfaName: row.mfa_name,
  firstName: row.first_name,
  lastName: row.last_name,
  removedAt: row.removed_at,
  services: row.services.map((s) => ({ service: s.service, lastReceivedAt: new Date(s.lastReceivedAt) })),
});

const COLUMNS =
  'report_id, mfa_id, user_id, member_id, mfa_name, first_name, last_name, removed_at, services';

/** `offboarding_report`, and what a member received, read from `forward` and `inbound_message`. */
@Injectable()
export class OffboardingReportsRepository {
  constructor(@InjectDataSource() @Inject(DataSource) private readonly dataSource: DataSource) {}

  /** For reads outside a transaction. */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /**
   * The services whose codes reached the member (a forward the provider accepted or delivered) in the
   * lookback before `until`, with the last time each, most recent first. Reads only metadata (the
   * extraction's service name and the forward's times), which retention keeps.
   */
  async servicesReceived(manager: EntityManager, memberId: string, until: Date): Promise<ServiceReceived[]> {
    const rows: Array<{ service: string; last_received_at: Date }> = await manager.query(
      `SELECT i.code_service AS service, max(COALESCE(f.sent_at, f.updated_at)) AS last_received_at
         FROM forward f JOIN inbound_message i ON i.message_id = f.message_id
        WHERE f.member_id = $1 AND f.status IN ('sent', 'delivered') AND i.code_service IS NOT NULL
          AND f.created_at > $2::timestamptz - make_interval(days => $3) AND f.created_at <= $2
        GROUP BY i.code_service ORDER BY last_received_at DESC, service`,
      [memberId, until, OFFBOARDING_LOOKBACK_DAYS],
    );
    return rows.map((row) => ({ service: row.service, lastReceivedAt: row.last_received_at }));
  }

  /** The member's name as their latest forward recorded it (a removal event older than the name in it). */
  async memberName(
    manager: EntityManager,
    memberId: string,
  ): Promise<{ firstName: string; lastName: string } | undefined> {
    const [row]: Array<{ first_name: string; last_name: string }> = await manager.query(
      'SELECT first_name, last_name FROM forward WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1',
      [memberId],
    );
    return row && { firstName: row.first_name, lastName: row.last_name };
  }

  /** Records the report once (a redelivered removal finds it there): false when it was recorded before. */
  async insert(manager: EntityManager, report: OffboardingReportRecord): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO offboarding_report (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (report_id) DO NOTHING RETURNING report_id`,
      [
        report.reportId,
        report.mfaId,
        report.userId,
        report.memberId,
        report.mfaName.slice(0, 200),
        report.firstName.slice(0, 200),
        report.lastName.slice(0, 200),
        report.removedAt,
        JSON.stringify(
          report.services.map((s) => ({
            service: s.service,
            lastReceivedAt: s.lastReceivedAt.toISOString(),
          })),
        ),
      ],
    );
    return rows.length > 0;
  }

  async find(reportId: string): Promise<OffboardingReportRecord | undefined> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM offboarding_report WHERE report_id = $1`,
      [reportId],
    );
    return row && toReport(row);
  }

  /** The MultiMFA's latest reports, newest first. */
  async recent(mfaId: string, limit: number): Promise<OffboardingReportRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM offboarding_report WHERE mfa_id = $1 ORDER BY removed_at DESC, report_id LIMIT $2`,
      [mfaId, limit],
    );
    return rows.map(toReport);
  }
}
