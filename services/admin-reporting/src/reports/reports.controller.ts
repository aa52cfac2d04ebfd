import {
  type AdvancedLogRow,
  type DashboardStatsRecord,
  type LogFilters,
  type LogPageRecord,
  type LogQuery,
  type LogRecord,
  logFilters,
  logQuery,
  type MemberRow,
  type MultiMfaRow,
  type RangeQuery,
  type RoboMfaRow,
  rangeQuery,
} from '@multimfa/service-contracts/admin-reporting';
import { ZodPipe } from '@multimfa/service-runtime';
import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ReportsService } from './reports.service.js';

const range = new ZodPipe(rangeQuery);
const logs = new ZodPipe(logQuery);
const logExport = new ZodPipe(logFilters);

/** The admin reports for the gateway (which has checked the caller is an administrator). */
@Controller()
export class ReportsController {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @Get('dashboard-stats')
  dashboard(): Promise<DashboardStatsRecord> {
    return this.reports.dashboard();
  }

  @Get('logs')
  logs(@Query(logs) query: LogQuery): Promise<LogPageRecord> {
    return this.reports.logs(query);
  }

  @Get('logs/export')
  exportLogs(@Query(logExport) query: LogFilters): Promise<LogRecord[]> {
    return this.reports.exportLogs(query);
  }

  @Get('advanced-logs')
  advancedLogs(@Query(range) query: RangeQuery): Promise<AdvancedLogRow[]> {
    return this.reports.advancedLogs(query);
  }

  @Get('multimfas')
  multiMfas(@Query(range) query: RangeQuery): Promise<MultiMfaRow[]> {
    return this.reports.multiMfas(query);
  }

  @Get('robomfas')
  roboMfas(@Query(range) query: RangeQuery): Promise<RoboMfaRow[]> {
    return this.reports.roboMfas(query);
  }

  @Get('members')
  members(@Query(range) query: RangeQuery): Promise<MemberRow[]> {
    return this.reports.members(query);
  }
}
