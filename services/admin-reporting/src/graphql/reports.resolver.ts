import type {
  AdvancedLogRow,
  DashboardStatsRecord,
  MemberRow,
  MultiMfaRow,
  RoboMfaRow,
} from '@multimfa/service-contracts/admin-reporting';
import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { ReportsService } from '../reports/reports.service.js';
import { type ConnectionOf, connectionOf, pageInput, rangeInput } from './connection.builder.js';
import { connectionCost, RangePageArgs } from './connection.types.js';
import { advancedLogCursor, memberCursor, multiMfaCursor, roboMfaCursor } from './cursor.codec.js';
import {
  AdvancedLogConnection,
  DashboardStats,
  MemberConnection,
  MultiMfaConnection,
  RoboMfaConnection,
} from './report.types.js';

/** The admin reports as queries, read through the same service as their REST calls. */
@Resolver()
export class ReportsResolver {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @Query(() => DashboardStats, { description: 'The admin dashboard figures, as GET /dashboard-stats' })
  dashboardStats(): Promise<DashboardStatsRecord> {
    return this.reports.dashboard();
  }

  @Query(() => AdvancedLogConnection, {
    description: 'Per customer (by e-mail), per MultiMFA, the forwards sent and failed between from and to',
    complexity: connectionCost,
  })
  async advancedLogs(@Args() args: RangePageArgs): Promise<ConnectionOf<AdvancedLogRow>> {
    const { first, after } = pageInput(args, advancedLogCursor);
    const page = await this.reports.advancedLogsAfter(rangeInput(args), after, first);
    return connectionOf(page, advancedLogCursor);
  }

  @Query(() => MemberConnection, {
    description: 'Every member of every MultiMFA added between from and to, newest first',
    complexity: connectionCost,
  })
  async members(@Args() args: RangePageArgs): Promise<ConnectionOf<MemberRow>> {
    const { first, after } = pageInput(args, memberCursor);
    return connectionOf(await this.reports.membersAfter(rangeInput(args), after, first), memberCursor);
  }

  @Query(() => MultiMfaConnection, {
    description: 'Every MultiMFA created between from and to, newest first',
    complexity: connectionCost,
  })
  async multiMfas(@Args() args: RangePageArgs): Promise<ConnectionOf<MultiMfaRow>> {
    const { first, after } = pageInput(args, multiMfaCursor);
    return connectionOf(await this.reports.multiMfasAfter(rangeInput(args), after, first), multiMfaCursor);
  }

  @Query(() => RoboMfaConnection, {
    description: 'Every RoboMFA created between from and to, newest first',
    complexity: connectionCost,
  })
  async roboMfas(@Args() args: RangePageArgs): Promise<ConnectionOf<RoboMfaRow>> {
    const { first, after } = pageInput(args, roboMfaCursor);
    return connectionOf(await this.reports.roboMfasAfter(rangeInput(args), after, first), roboMfaCursor);
  }
}
