import type { MemberRow, MultiMfaRow } from '@multimfa/service-contracts/admin-reporting';
import { Inject } from '@nestjs/common';
import { Args, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ReportsService } from '../reports/reports.service.js';
import { type ConnectionOf, connectionOf, pageInput } from './connection.builder.js';
import { connectionCost, NestedPageArgs } from './connection.types.js';
import { memberCursor } from './cursor.codec.js';
import { MemberConnection, MultiMfa } from './report.types.js';

/** A MultiMFA's fields beyond its list row: its members, a page at a time. */
@Resolver(() => MultiMfa)
export class MultiMfaResolver {
  constructor(@Inject(ReportsService) private readonly reports: ReportsService) {}

  @ResolveField(() => Int)
  memberCount(@Parent() mfa: MultiMfaRow): number {
    return mfa.members;
  }

  // One query per MultiMFA of the page: a MultiMFA has a handful of members (its plan's seats), read
  // by index, and the cost limit bounds how many MultiMFAs one query may ask for.
  @ResolveField(() => MemberConnection, {
    description: 'Its members, newest first',
    complexity: connectionCost,
  })
  async members(@Parent() mfa: MultiMfaRow, @Args() args: NestedPageArgs): Promise<ConnectionOf<MemberRow>> {
    const { first, after } = pageInput(args, memberCursor);
    const page = await this.reports.membersAfter({ mfaId: mfa.multiMFAId }, after, first);
    return connectionOf(page, memberCursor);
  }
}
