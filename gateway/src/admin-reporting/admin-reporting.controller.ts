import {
  type AdminLog,
  type AdminLogFilters,
  type AdminLogPage,
  type AdminLogQuery,
  type AdminMember,
  type AdminMultiMfa,
  type AdminRoboMfa,
  type AdvancedLog,
  type DashboardStats,
  deleteAdminMultiMfa,
  deleteAdminRoboMfa,
  type Envelope,
  exportAdminLogs,
  type GraphqlRequest,
  type GraphqlResponse,
  getDashboardStats,
  listAdminLogs,
  listAdminMembers,
  listAdminMultiMfas,
  listAdminRoboMfas,
  listAdvancedLogs,
  type multiMfaIdParams,
  queryAdminGraphql,
  type ReportRangeQuery,
  type roboMfaIdParams,
} from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import type { z } from 'zod';
import { Serves } from '../access/serves.decorator.js';
import { AdminReportingService } from './admin-reporting.service.js';

/** The admin dashboard, logs, advanced logs, members report, MultiMFAs and RoboMFAs (administrators only). */
@Controller()
export class AdminReportingController {
  constructor(@Inject(AdminReportingService) private readonly reports: AdminReportingService) {}

  @Serves(getDashboardStats)
  async dashboard(): Promise<Envelope<DashboardStats>> {
    return ok(await this.reports.dashboard());
  }

  @Serves(listAdminLogs)
  async logs(@Query() query: AdminLogQuery): Promise<Envelope<AdminLog[]> & { page: AdminLogPage }> {
    const { rows, page } = await this.reports.logs(query);
    return { ...ok(rows), page };
  }

  @Serves(exportAdminLogs)
  async exportLogs(@Query() query: AdminLogFilters): Promise<Envelope<AdminLog[]>> {
    return ok(await this.reports.exportLogs(query));
  }

  @Serves(listAdvancedLogs)
  async advancedLogs(@Query() query: ReportRangeQuery): Promise<Envelope<AdvancedLog[]>> {
    return ok(await this.reports.advancedLogs(query));
  }

  @Serves(listAdminMembers)
  async members(@Query() query: ReportRangeQuery): Promise<Envelope<AdminMember[]>> {
    return ok(await this.reports.members(query));
  }

  @Serves(listAdminMultiMfas)
  async multiMfas(@Query() query: ReportRangeQuery): Promise<Envelope<AdminMultiMfa[]>> {
    return ok(await this.reports.multiMfas(query));
  }

  @Serves(deleteAdminMultiMfa)
  async deleteMultiMfa(@Param() params: z.output<typeof multiMfaIdParams>): Promise<Envelope<null>> {
    await this.reports.deleteMfa(params.multiMFAId, 'MultiMFA');
    return ok(null, 'MultiMFA deleted successfully');
  }

  @Serves(listAdminRoboMfas)
  async roboMfas(@Query() query: ReportRangeQuery): Promise<Envelope<AdminRoboMfa[]>> {
    return ok(await this.reports.roboMfas(query));
  }

  @Serves(deleteAdminRoboMfa)
  async deleteRoboMfa(@Param() params: z.output<typeof roboMfaIdParams>): Promise<Envelope<null>> {
    await this.reports.deleteMfa(params.roboMFAId, 'RoboMFA');
    return ok(null, 'RoboMFA deleted successfully');
  }

  /** GraphQL for reporting clients: the plain GraphQL answer (`data`, `errors`), not the envelope. */
  @Serves(queryAdminGraphql)
  @HttpCode(200)
  graphql(@Body() body: GraphqlRequest): Promise<GraphqlResponse> {
    return this.reports.graphql(body);
  }
}
