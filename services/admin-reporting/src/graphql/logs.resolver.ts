import { type LogRecord, logFilters } from '@multimfa/service-contracts/admin-reporting';
import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { ReportsService } from '../reports/reports.service.js';
import { badInput, type ConnectionOf, connectionOf, pageInput } from './connection.builder.js';
import { connectionCost } from './connection.types.js';
import { logCursor } from './cursor.codec.js';
import { LogConnection, LogsArgs } from './log.types.js';

/** The message log as a Relay connection, read through the same service as GET /logs. */
@Resolver(() => LogConnection)
export class LogsResolver {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @Query(() => LogConnection, {
    description: 'The message log, newest first, filtered as on the Logs page',
    complexity: connectionCost,
  })
  async logs(@Args() args: LogsArgs): Promise<ConnectionOf<LogRecord>> {
    const { first, after } = pageInput(args, logCursor);
    const filters = logFilters.safeParse({
      log: args.log ?? undefined,
      mobileNo: args.mobileNo ?? undefined,
      from: args.from ?? undefined,
      to: args.to ?? undefined,
    });
    if (!filters.success) throw badInput(filters.error.issues[0]?.message ?? 'the filters are invalid');
    return connectionOf(await this.reports.logsAfter(filters.data, after, first), logCursor);
  }
}
