import { GRAPHQL_MAX_FIRST } from '@multimfa/api-contract';
import { Inject } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { logFilters } from '../contract.js';
import { ReportsService } from '../reports/reports.service.js';
import { LogConnection, LogsArgs } from './log.types.js';
import { decodeLogCursor, encodeLogCursor } from './log-cursor.js';

const first = z
  .number()
  .int()
  .min(1, { error: `first is 1 to ${GRAPHQL_MAX_FIRST}` })
  .max(GRAPHQL_MAX_FIRST, { error: `first is 1 to ${GRAPHQL_MAX_FIRST}` });

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** The message log as a Relay connection, read through the same service as GET /logs. */
@Resolver(() => LogConnection)
export class LogsResolver {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @Query(() => LogConnection, {
    description: 'The message log, newest first, filtered as on the Logs page',
    complexity: ({ args, childComplexity }) => 1 + Number(args.first ?? 0) * childComplexity,
  })
  async logs(@Args() args: LogsArgs): Promise<LogConnection> {
    const count = first.safeParse(args.first);
    if (!count.success) throw badInput(count.error.issues[0]?.message ?? 'first is invalid');
    const filters = logFilters.safeParse({
      log: args.log ?? undefined,
      mobileNo: args.mobileNo ?? undefined,
      from: args.from ?? undefined,
      to: args.to ?? undefined,
    });
    if (!filters.success) throw badInput(filters.error.issues[0]?.message ?? 'the filters are invalid');
    const after = args.after ? decodeLogCursor(args.after) : null;
    if (args.after && !after) throw badInput('after is not a cursor of this list');
    const { entries, hasNextPage } = await this.reports.logsAfter(filters.data, after, count.data);
    const edges = entries.map(({ log, position }) => ({ cursor: encodeLogCursor(position), node: log }));
    return { edges, pageInfo: { hasNextPage, endCursor: edges.at(-1)?.cursor ?? null } };
  }
}
