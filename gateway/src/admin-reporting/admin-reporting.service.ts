import type {
  AdminLog,
  AdminLogFilters,
  AdminLogQuery,
  AdminMember,
  AdminMultiMfa,
  AdminRoboMfa,
  AdvancedLog,
  DashboardStats,
  ReportRangeQuery,
} from '@multimfa/api-contract';
import {
  advancedLogRows,
  dashboardStats,
  type GraphqlRequest,
  type GraphqlResponse,
  graphqlResponse,
  type LogPageRecord,
  logPage,
  logRows,
  memberRows,
  multiMfaRows,
  roboMfaRows,
} from '@multimfa/service-contracts/admin-reporting';
import { nothing } from '@multimfa/service-contracts/numbers';
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceClient } from '../upstream/service.client.js';
import { ADMIN_REPORTING, NUMBERS } from '../upstream/upstream.module.js';

const queryOf = (query: ReportRangeQuery & Partial<AdminLogQuery>) => {
  const params = new URLSearchParams();
  if (query.log) params.set('log', query.log);
  if (query.mobileNo) params.set('mobileNo', query.mobileNo);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.page) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The admin reports, answered by admin-reporting's read models; deleting an MFA is a command to
 * numbers, which owns MFAs (the read models follow its `numbers.mfa.deleted`).
 */
@Injectable()
export class AdminReportingService {
  constructor(
    @Inject(ADMIN_REPORTING) private readonly reporting: ServiceClient,
    @Inject(NUMBERS) private readonly numbers: ServiceClient,
  ) {}

  graphql(request: GraphqlRequest): Promise<GraphqlResponse> {
    return this.reporting.post('/graphql', graphqlResponse, request);
  }

  dashboard(): Promise<DashboardStats> {
    return this.reporting.get('/dashboard-stats', dashboardStats);
  }

  logs(query: AdminLogQuery): Promise<LogPageRecord> {
    return this.reporting.get(`/logs${queryOf(query)}`, logPage);
  }

  exportLogs(filters: AdminLogFilters): Promise<AdminLog[]> {
    return this.reporting.get(`/logs/export${queryOf(filters)}`, logRows);
  }

  advancedLogs(range: ReportRangeQuery): Promise<AdvancedLog[]> {
    return this.reporting.get(`/advanced-logs${queryOf(range)}`, advancedLogRows);
  }

  multiMfas(range: ReportRangeQuery): Promise<AdminMultiMfa[]> {
    return this.reporting.get(`/multimfas${queryOf(range)}`, multiMfaRows);
  }

  roboMfas(range: ReportRangeQuery): Promise<AdminRoboMfa[]> {
    return this.reporting.get(`/robomfas${queryOf(range)}`, roboMfaRows);
  }

  members(range: ReportRangeQuery): Promise<AdminMember[]> {
    return this.reporting.get(`/members${queryOf(range)}`, memberRows);
  }

  async deleteMfa(mfaId: string, type: 'MultiMFA' | 'RoboMFA'): Promise<void> {
    await this.numbers.request(
      'DELETE',
      `/admin/mfas/${encodeURIComponent(mfaId)}?${new URLSearchParams({ type })}`,
      nothing,
    );
  }
}
